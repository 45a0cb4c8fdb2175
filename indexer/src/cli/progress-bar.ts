import cliProgress from 'cli-progress';

/**
 * A one-line progress bar drawn by `cli-progress`: records done, rate and time left. On a
 * terminal the library redraws it in place (ten times a second) with messages printed above it;
 * in a log (CI, a pipe) it prints a line every ten seconds, and messages as lines of their own.
 */
export interface ProgressState {
  done: number;
  elapsedMs: number;
  /** Units expected in all, when known. */
  total?: number;
  /** Share of the work done, when known otherwise (bytes of a file read). */
  fraction?: number;
  /** Extra counts shown after the rate ("12 skipped"). */
  detail?: string;
}

/** The library draws the share done, in thousandths: its bar and its estimate of the time left. */
const STEPS = 1000;
const REDRAW_MS = 100;
const LOG_EVERY_MS = 10_000;

const whole = (value: number) => Math.round(value).toLocaleString('en-US');

export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export const perSecond = (done: number, elapsedMs: number) => (elapsedMs > 0 ? (done * 1000) / elapsedMs : 0);

function shareDone(state: ProgressState): number | undefined {
  if (state.total) return Math.min(1, state.done / state.total);
  return state.fraction;
}

interface Shown {
  label: string;
  unit: string;
  state: ProgressState;
}

const formatLine: cliProgress.GenericFormatter = (options, params, payload: Shown) => {
  const { label, unit, state } = payload;
  const share = shareDone(state);
  const parts = [label];
  if (share !== undefined)
    parts.push(
      `[${cliProgress.Format.BarFormat(params.progress, options)}] ${String(Math.floor(share * 100)).padStart(3)}%`,
    );
  parts.push(
    `${whole(state.done)}${state.total ? ` / ${whole(state.total)}` : ''} ${unit}`,
    `${whole(perSecond(state.done, state.elapsedMs))}/s`,
  );
  // The library's estimate: seconds, once it has seen progress (0 or a word before that).
  const eta = Number(params.eta);
  if (share !== undefined && share < 1 && Number.isFinite(eta) && eta > 0)
    parts.push(`ETA ${formatDuration(eta * 1000)}`);
  if (state.detail) parts.push(state.detail);
  return parts.join('  ');
};

export class ProgressBar {
  private readonly options: cliProgress.Options;
  private readonly redrawMs: number;
  /** On a terminal: the library's multi-bar, for its messages above the bar. */
  private bars: cliProgress.MultiBar | undefined;
  private bar: cliProgress.SingleBar | undefined;
  private drawnAt = 0;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly label: string,
    private readonly unit = 'records',
  ) {
    this.redrawMs = stream.isTTY ? REDRAW_MS : LOG_EVERY_MS;
    this.options = {
      stream,
      format: formatLine,
      fps: 1000 / REDRAW_MS,
      barsize: 24,
      barCompleteChar: '#',
      barIncompleteChar: '-',
      // Leave the terminal's modes alone: a second Ctrl-C exits without restoring them.
      linewrap: true,
      noTTYOutput: true,
      notTTYSchedule: LOG_EVERY_MS,
      // In a log, the final line is the last one drawn (without a blank line after it).
      clearOnComplete: !stream.isTTY,
    };
  }

  private payload(state: ProgressState): Shown {
    return { label: this.label, unit: this.unit, state };
  }

  private steps(state: ProgressState): number {
    return Math.round((shareDone(state) ?? 0) * STEPS);
  }

  /** Starts the bar at the first progress, so that a log's first line shows work done. */
  update(state: ProgressState): void {
    if (this.bar) {
      this.bar.update(this.steps(state), this.payload(state));
    } else if (this.stream.isTTY) {
      this.bars = new cliProgress.MultiBar(this.options);
      this.bars.on('redraw-post', () => (this.drawnAt = Date.now()));
      this.bar = this.bars.create(STEPS, this.steps(state), this.payload(state));
    } else {
      this.bar = new cliProgress.SingleBar(this.options);
      this.bar.on('redraw-post', () => (this.drawnAt = Date.now()));
      this.bar.start(STEPS, this.steps(state), this.payload(state));
    }
    // The library redraws on a timer, which a loop busy with promises alone (a dry run) starves.
    if (Date.now() - this.drawnAt >= this.redrawMs) {
      if (this.bars) this.bars.update();
      else this.bar.render();
    }
  }

  /** Prints a message above the bar without garbling it, at once (not at the library's next redraw). */
  log(message: string): void {
    if (!this.bars) {
      this.stream.write(`${message}\n`);
      return;
    }
    this.bars.log(`${message}\n`);
    this.bars.update();
  }

  /** Leaves the final state on its own line (in a log, only after progress was shown at all). */
  finish(state: ProgressState): void {
    if (!this.bar && !this.stream.isTTY) return;
    this.update(state);
    this.stop();
  }

  /** Stops drawing (and the library's timer), leaving what was drawn. */
  stop(): void {
    if (this.bars) this.bars.stop();
    else this.bar?.stop();
    this.bars = undefined;
    this.bar = undefined;
  }
}
