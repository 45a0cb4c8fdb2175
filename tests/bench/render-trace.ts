/**
 * The browser side of `bench:results-render`: a probe the page runs from its first script, and
 * the reading of a Chromium trace into main-thread time between the probe's marks.
 */

/** The user-timing marks the probe leaves (and the trace carries). */
export const MARKS = {
  /** The search's answer has come (its response's headers; the body follows at once). */
  answer: 'bench:answer',
  /** The first `cards` result cards are on screen: the frame that drew them has been produced. */
  painted: 'bench:painted',
} as const;

/** Trace categories enough for the renderer's tasks and the user-timing marks. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
];

/**
 * Installed before the app's scripts (`addInitScript`): marks the answer of the GraphQL operation
 * `operation` and the first frame after `cards` result cards (`article` elements) are in the page.
 * Knows nothing of the app's code, so that the code before a change is measured the same way.
 */
export function installRenderProbe({ operation, cards }: { operation: string; cards: number }): void {
  const originalFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await originalFetch(input, init);
    if (typeof init?.body === 'string' && init.body.includes(`"operationName":"${operation}"`))
      performance.mark('bench:answer');
    return response;
  };
  const observer = new MutationObserver(() => {
    if (document.querySelectorAll('article').length < cards) return;
    observer.disconnect();
    // rAF runs before the frame is drawn; a task queued from it runs after the frame.
    requestAnimationFrame(() => setTimeout(() => performance.mark('bench:painted'), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs (what it ran, not what it waited for a core). */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export interface RenderFigures {
  /** Main-thread task time from the answer to the painted cards, ms. */
  firstRenderMs: number;
  /** The same tasks' CPU time on the main thread, ms: their time less their waits for a core. */
  firstRenderCpuMs: number;
  /** Wall time from the answer to the painted cards, ms. */
  firstRenderWallMs: number;
  /** Main-thread task time from the answer to the end of the trace (the lazy parts too), ms. */
  untilQuietMs: number;
  /** Their CPU time, ms. */
  untilQuietCpuMs: number;
  /** The longest single task in the first render, ms. */
  longestTaskMs: number;
  /** Where the first render's time went: the main thread's events by name, ms (nested ones too). */
  breakdown: Record<string, number>;
}

/** The trace events that say where a task's time goes (style, layout, paint, script, GC). */
const KINDS = [
  'FunctionCall',
  'EvaluateScript',
  'v8.callFunction',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'V8.GC_SCAVENGER',
  'MajorGC',
  'MinorGC',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'HitTest',
];

/**
 * Main-thread figures of one trace: the renderer's tasks between the probe's marks (by default the
 * answer and the painted cards; `bench:map-render` passes its own, the switch and the drawn map).
 */
export function readRenderTrace(
  trace: { traceEvents: TraceEvent[] },
  marks: { answer: string; painted: string } = MARKS,
): RenderFigures {
  const events = trace.traceEvents;
  const mark = (name: string) =>
    events.find((event) => event.name === name && event.cat.includes('user_timing'));
  const answer = mark(marks.answer);
  const painted = mark(marks.painted);
  if (!answer || !painted) throw new Error('The trace has no answer or painted mark: did the page render?');
  // The page's main thread: the renderer thread that carried the marks.
  const mainThread = (event: TraceEvent) => event.pid === answer.pid && event.tid === answer.tid;
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && mainThread(event));
  const end = Math.max(...events.filter(mainThread).map((event) => event.ts + (event.dur ?? 0)));
  const busy = (from: number, to: number) =>
    tasks.reduce(
      (sum, task) => sum + Math.max(0, Math.min(to, task.ts + task.dur!) - Math.max(from, task.ts)),
      0,
    ) / 1000;
  // A task's CPU time, in the part of it inside the window (the machine is shared: a task may wait).
  const cpu = (from: number, to: number) =>
    tasks.reduce((sum, task) => {
      const inside = Math.max(0, Math.min(to, task.ts + task.dur!) - Math.max(from, task.ts));
      return sum + (task.dur! > 0 ? (inside / task.dur!) * (task.tdur ?? task.dur!) : 0);
    }, 0) / 1000;
  const firstTasks = tasks.filter((task) => task.ts + task.dur! > answer.ts && task.ts < painted.ts);
  const breakdown: Record<string, number> = {};
  for (const event of events)
    if (
      mainThread(event) &&
      event.ph === 'X' &&
      KINDS.includes(event.name) &&
      event.ts >= answer.ts &&
      event.ts < painted.ts
    )
      breakdown[event.name] = (breakdown[event.name] ?? 0) + event.dur! / 1000;
  return {
    breakdown,
    firstRenderMs: busy(answer.ts, painted.ts),
    firstRenderCpuMs: cpu(answer.ts, painted.ts),
    firstRenderWallMs: (painted.ts - answer.ts) / 1000,
    untilQuietMs: busy(answer.ts, end),
    untilQuietCpuMs: cpu(answer.ts, end),
    longestTaskMs: Math.max(0, ...firstTasks.map((task) => task.dur! / 1000)),
  };
}
