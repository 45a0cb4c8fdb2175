import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { queryStack } from '../faults/local-stack.js';

/** The user-timing marks of `bench:map-render` (read by `readRenderTrace`). */
export const MAP_MARKS = {
  /** The press on the Map button (marked in the click's own task, before the app handles it). */
  answer: 'bench:map-switch',
  /** The frame after the map's canvas got its size, which it gets in the task that draws it. */
  painted: 'bench:map-drawn',
} as const;

/**
 * Installed before the app's scripts (`addInitScript`). Knows nothing of the app's code but its
 * visible names and the canvas's test id, so that the code before a change is measured the same way.
 */
export function installMapProbe(): void {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button');
      if (button?.textContent?.trim() === 'Map' && button.closest('[aria-label="Show the results as"]'))
        performance.mark('bench:map-switch');
    },
    true,
  );
  const observer = new MutationObserver(() => {
    const canvas = document.querySelector('canvas[data-testid="result-map-canvas"]');
    // A canvas without a width attribute is the default 300 px one: not drawn yet.
    if (!canvas?.hasAttribute('width') || performance.getEntriesByName('bench:map-switch').length === 0)
      return;
    observer.disconnect();
    // rAF runs before the frame is drawn; a task queued from it runs after the frame.
    requestAnimationFrame(() => setTimeout(() => performance.mark('bench:map-drawn'), 0));
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['width'],
  });
}

/**
 * Two client builds served by one server, for a before/after run: the other build's hashed files
 * are copied beside this build's (their names differ), and each round writes the page of the
 * build it measures as `index.html`, which the server reads from disk for every page. Copied
 * before the server starts, since it makes a route of each file it finds then. Nothing is
 * intercepted in the browser, so both builds are loaded exactly as a user's browser loads one.
 */
export function twoBuilds(dist: string, before: string) {
  const pages = {
    'this build': readFileSync(path.join(dist, 'index.html')),
    before: readFileSync(path.join(before, 'index.html')),
  };
  cpSync(path.join(before, 'assets'), path.join(dist, 'assets'), { force: false, recursive: true });
  const serve = (name: keyof typeof pages) => writeFileSync(path.join(dist, 'index.html'), pages[name]);
  return { serve, restore: () => serve('this build') };
}

/**
 * Waits until the app's meaning job has given the corpus its vectors (their count unchanged for
 * three polls 5 s apart, over 100): answers how many patents have one.
 */
export async function untilPlaced(
  stack: Parameters<typeof queryStack>[0],
  say: (line: string) => void,
  ms = 600_000,
): Promise<number> {
  const until = Date.now() + ms;
  let last = -1;
  let same = 0;
  while (Date.now() < until) {
    const [row] = await queryStack<{ n: string }>(stack, 'SELECT count(*) AS n FROM patent_vectors');
    const count = Number(row!.n);
    same = count === last && count > 100 ? same + 1 : 0;
    if (same >= 3) return count;
    if (count !== last) say(`  ${count} patents with a meaning vector...`);
    last = count;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  throw new Error(`The corpus's meaning vectors did not settle within ${ms / 1000} s (${last} so far).`);
}
