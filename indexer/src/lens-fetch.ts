import type { Db } from '@patentscout/db';
import type { Summarizer } from './enrich/summarizer.js';
import { finishIndexRun, lastSuccessfulRunDay, startIndexRun } from './load/index-runs.js';
import { writePatentBatch, type SkippedRecord } from './load/patent-writer.js';
import { emptyCounts, indexSource, type IndexProgress, type IndexResult } from './pipeline.js';
import type { LensApiClient } from './sources/lens-api.js';

export interface LensFetchOptions {
  db: Db;
  client: LensApiClient;
  /** A Lens query string; '' fetches every publication in the date range. */
  query: string;
  /** First publication date; by default the day the last successful fetch of this query started. */
  since?: string;
  until?: string;
  /** Used when the query was never fetched and no `since` is given. */
  firstSince?: string;
  summarizer: Summarizer | null;
  signal?: AbortSignal;
  onProgress?: (progress: IndexProgress) => void;
  onSkipped?: (skipped: SkippedRecord) => void;
  onEnrichFailed?: (lensId: string, error: unknown) => void;
}

export class NoStartDateError extends Error {}

/**
 * Fetches what the Lens API publishes for a query from a date on, and records the run: the next
 * fetch of the same query (the weekly re-index) starts where the last successful one did.
 */
export async function fetchFromLens(options: LensFetchOptions): Promise<IndexResult & { since: string }> {
  const { db, client, query } = options;
  const since = options.since ?? (await lastSuccessfulRunDay(db, query)) ?? options.firstSince;
  if (!since)
    throw new NoStartDateError(
      `"${query}" has never been fetched: give the first publication date with --since YYYY-MM-DD`,
    );
  const runId = await startIndexRun(db, query, since);
  const source = client.search({
    ...(query ? { query } : {}),
    since,
    ...(options.until ? { until: options.until } : {}),
  });
  let latest = emptyCounts();
  try {
    const result = await indexSource({
      items: source.items,
      sourceProgress: source.progress,
      summarizer: options.summarizer,
      write: (rows) => writePatentBatch(db, rows),
      writeConcurrency: 2,
      signal: options.signal,
      onProgress: (progress) => {
        latest = progress.counts;
        options.onProgress?.(progress);
      },
      onSkipped: options.onSkipped,
      onEnrichFailed: options.onEnrichFailed,
    });
    await finishIndexRun(db, runId, {
      status: result.interrupted ? 'interrupted' : 'succeeded',
      counts: result.counts,
    });
    return { ...result, since };
  } catch (error) {
    await finishIndexRun(db, runId, {
      status: 'failed',
      counts: latest,
      error: error instanceof Error ? error.message : String(error),
    });
    throw error;
  }
}
