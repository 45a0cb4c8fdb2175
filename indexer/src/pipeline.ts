import type { LensPatentRecord } from '@patentscout/schema';
import { enrichRows } from './enrich/enrich-rows.js';
import type { Summarizer } from './enrich/summarizer.js';
import {
  WRITE_BATCH_SIZE,
  type PositionedRow,
  type SkippedRecord,
  type WriteOutcome,
} from './load/patent-writer.js';
import { lensRecordToRow } from './normalize/lens-to-row.js';
import type { SourceItem, SourceProgress } from './sources/source-item.js';

export interface IndexCounts {
  /** Records read from the source, valid or not. */
  read: number;
  inserted: number;
  updated: number;
  /** Valid records whose stored patent was already the same. */
  unchanged: number;
  /** Invalid records and records that could not be stored (reported through `onSkipped`). */
  skipped: number;
  /** Patents written with AI text made in this run. */
  enriched: number;
}

export interface IndexProgress {
  counts: IndexCounts;
  elapsedMs: number;
  /** Records expected in all, when the source knows. */
  total?: number;
  /** Share of the source read, when it knows its size but not its record count. */
  fraction?: number;
}

export interface IndexSourceOptions {
  items: Iterable<SourceItem> | AsyncIterable<SourceItem>;
  /** Stores a batch: the staging writer, or nothing at all in a dry run. */
  write: (rows: PositionedRow[]) => Promise<WriteOutcome>;
  /** Writes AI text inline; `null` leaves it to the enrichment job. */
  summarizer: Summarizer | null;
  total?: number;
  sourceProgress?: () => SourceProgress;
  batchSize?: number;
  /** Batches written at the same time, each in its own transaction (1 inside a caller's transaction). */
  writeConcurrency?: number;
  onProgress?: (progress: IndexProgress) => void;
  onSkipped?: (skipped: SkippedRecord) => void;
  onEnrichFailed?: (lensId: string, error: unknown) => void;
  /** Stops after the batches already under way; what they wrote stays written. */
  signal?: AbortSignal;
}

export interface IndexResult {
  counts: IndexCounts;
  elapsedMs: number;
  interrupted: boolean;
}

export const emptyCounts = (): IndexCounts => ({
  read: 0,
  inserted: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  enriched: 0,
});

/** Generated records as source items; their position is their place in the stream. */
export function* generatedItems(records: Iterable<LensPatentRecord>): Generator<SourceItem> {
  let index = 0;
  for (const record of records) yield { position: `generated #${++index}`, record };
}

/**
 * Reads a source batch by batch: normalizes, enriches and writes each batch while the next is
 * being prepared, so Node and Postgres work at the same time and memory stays flat for any count.
 */
export async function indexSource(options: IndexSourceOptions): Promise<IndexResult> {
  const { items, write, summarizer, batchSize = WRITE_BATCH_SIZE, writeConcurrency = 1, signal } = options;
  const started = performance.now();
  const counts = emptyCounts();
  const inFlight = new Set<Promise<void>>();
  let writeError: { error: unknown } | undefined;

  const skip = (skipped: SkippedRecord) => {
    counts.skipped += 1;
    options.onSkipped?.(skipped);
  };
  const report = () =>
    options.onProgress?.({
      counts: { ...counts },
      elapsedMs: performance.now() - started,
      total: options.total,
      ...options.sourceProgress?.(),
    });

  const startWrite = (rows: PositionedRow[]) => {
    const writing = write(rows).then(
      (outcome) => {
        counts.inserted += outcome.inserted;
        counts.updated += outcome.updated;
        counts.unchanged += outcome.unchanged;
        counts.enriched += outcome.enriched;
        outcome.skipped.forEach(skip);
        report();
      },
      (error: unknown) => {
        writeError ??= { error };
      },
    );
    inFlight.add(writing);
    void writing.finally(() => inFlight.delete(writing));
  };

  let batch: PositionedRow[] = [];
  const flush = async () => {
    const positions = batch.map((entry) => entry.position);
    const rows = batch.map((entry) => entry.row);
    batch = [];
    let written = rows;
    if (summarizer) {
      const result = await enrichRows(rows, summarizer);
      result.failures.forEach(({ lensId, error }) => options.onEnrichFailed?.(lensId, error));
      written = result.rows;
    }
    while (inFlight.size >= writeConcurrency) await Promise.race(inFlight);
    if (writeError) return;
    startWrite(written.map((row, index) => ({ row, position: positions[index] ?? '?' })));
  };

  let interrupted = false;
  for await (const item of items) {
    counts.read += 1;
    if ('problem' in item) skip({ position: item.position, reason: item.problem });
    else {
      try {
        batch.push({ row: lensRecordToRow(item.record), position: item.position });
      } catch (error) {
        skip({
          position: item.position,
          reason: `could not be normalized (${error instanceof Error ? error.message : String(error)})`,
        });
      }
    }
    if (batch.length >= batchSize) await flush();
    if (writeError) break;
    if (signal?.aborted) {
      interrupted = true;
      break;
    }
  }
  if (!interrupted && !writeError && batch.length > 0) await flush();
  await Promise.all(inFlight);
  if (writeError) throw writeError.error;
  report();
  return { counts, elapsedMs: performance.now() - started, interrupted };
}
