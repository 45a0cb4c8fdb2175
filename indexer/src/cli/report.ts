import { createWriteStream, type WriteStream } from 'node:fs';
import type { SkippedRecord } from '../load/patent-writer.js';
import type { IndexCounts } from '../pipeline.js';
import { formatDuration, perSecond, type ProgressBar } from './progress-bar.js';

/** Skipped records shown on the terminal; `--report FILE` lists every one. */
const SHOWN_SKIPPED = 20;

export class SkippedReport {
  private count = 0;
  private readonly file: WriteStream | undefined;

  constructor(
    private readonly bar: ProgressBar,
    private readonly path: string | undefined,
  ) {
    this.file = path ? createWriteStream(path) : undefined;
  }

  add(skipped: SkippedRecord): void {
    this.count += 1;
    if (this.count <= SHOWN_SKIPPED) this.bar.log(`skipped ${skipped.position}: ${skipped.reason}`);
    this.file?.write(`${JSON.stringify(skipped)}\n`);
  }

  async close(): Promise<void> {
    const hidden = this.count - SHOWN_SKIPPED;
    if (hidden > 0)
      this.bar.log(
        `... and ${hidden.toLocaleString('en-US')} more skipped records${this.path ? ` (all are in ${this.path})` : ' (--report FILE lists them all)'}`,
      );
    const file = this.file;
    if (file)
      await new Promise<void>((resolve, reject) =>
        file.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
  }
}

const ROWS: Array<[keyof IndexCounts, string]> = [
  ['inserted', 'inserted'],
  ['updated', 'updated'],
  ['unchanged', 'unchanged'],
  ['skipped', 'skipped'],
  ['enriched', 'enriched'],
];

/** The closing summary: what was done, how fast, and what to do after an interruption. */
export function summaryText(
  heading: string,
  counts: IndexCounts,
  elapsedMs: number,
  options: { interrupted: boolean; dryRun?: boolean },
): string {
  const width = Math.max(...ROWS.map(([key]) => counts[key].toLocaleString('en-US').length));
  const lines = [
    `${heading}: ${counts.read.toLocaleString('en-US')} records in ${formatDuration(elapsedMs)} (${(elapsedMs / 1000).toFixed(1)} s), ` +
      `${Math.round(perSecond(counts.read, elapsedMs)).toLocaleString('en-US')} records/s`,
    ...ROWS.filter(([key]) => !(options.dryRun && key !== 'enriched' && key !== 'skipped')).map(
      ([key, label]) => `  ${label.padEnd(10)}${counts[key].toLocaleString('en-US').padStart(width)}`,
    ),
  ];
  if (options.dryRun) lines.push('  (dry run: nothing was written)');
  if (options.interrupted) {
    lines.push(
      'Interrupted: the batches listed above are written; the records after them are not.',
      'Run the same command again to resume: records already indexed are left unchanged.',
    );
  }
  return lines.join('\n');
}
