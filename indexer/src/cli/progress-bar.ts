/**
 * A one-line progress bar: records done, rate and ETA. On a terminal it is redrawn in place (at
 * most ten times a second); in a log (CI, a pipe) it prints a line per tenth of the work, or
 * every fifteen seconds when the amount of work is not known. `cli-progress` is not installed,
 * and this is all the CLI needs of it.
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

const BAR_WIDTH = 24;
const REDRAW_MS = 100;
const LOG_EVERY_MS = 15_000;

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

export function progressLine(label: string, unit: string, state: ProgressState): string {
  const share = shareDone(state);
  const parts = [label];
  if (share !== undefined) {
    const filled = Math.round(share * BAR_WIDTH);
    parts.push(
      `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(share * 100)).padStart(3)}%`,
    );
  }
  parts.push(
    `${whole(state.done)}${state.total ? ` / ${whole(state.total)}` : ''} ${unit}`,
    `${whole(perSecond(state.done, state.elapsedMs))}/s`,
  );
  if (share !== undefined && share > 0 && share < 1)
    parts.push(`ETA ${formatDuration((state.elapsedMs * (1 - share)) / share)}`);
  if (state.detail) parts.push(state.detail);
  return parts.join('  ');
}

export class ProgressBar {
  private lastDraw = 0;
  private lastTenth = -1;
  private lastLine = '';
  private drawn = false;

  constructor(
    private readonly stream: NodeJS.WriteStream,
    private readonly label: string,
    private readonly unit = 'records',
  ) {}

  update(state: ProgressState): void {
    const now = Date.now();
    this.lastLine = progressLine(this.label, this.unit, state);
    if (this.stream.isTTY) {
      if (now - this.lastDraw < REDRAW_MS) return;
      this.stream.write(`\r${this.lastLine}\x1b[K`);
      this.drawn = true;
    } else {
      const share = shareDone(state);
      const tenth = share === undefined ? -1 : Math.floor(share * 10);
      if (share !== undefined ? tenth <= this.lastTenth : now - this.lastDraw < LOG_EVERY_MS) return;
      this.lastTenth = tenth;
      this.stream.write(`${this.lastLine}\n`);
    }
    this.lastDraw = now;
  }

  /** Prints a message above the bar without garbling it. */
  log(message: string): void {
    if (this.stream.isTTY && this.drawn) this.stream.write(`\r\x1b[K${message}\n${this.lastLine}\x1b[K`);
    else this.stream.write(`${message}\n`);
  }

  /** Leaves the final state on its own line. */
  finish(state: ProgressState): void {
    this.lastLine = progressLine(this.label, this.unit, state);
    this.stream.write(this.stream.isTTY ? `\r${this.lastLine}\x1b[K\n` : `${this.lastLine}\n`);
  }
}
