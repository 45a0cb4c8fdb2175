import type { LensPatentRecord } from '@patentscout/schema';
import type { NewPatent } from '@patentscout/server/db/tables';
import { enrichRows } from './enrich/enrich-rows.js';
import { OfflineSummarizer } from './enrich/offline-summarizer.js';
import type { Summarizer } from './enrich/summarizer.js';
import { UPSERT_BATCH_SIZE } from './load/patent-writer.js';
import { lensRecordToRow } from './normalize/lens-to-row.js';

export interface IndexProgress {
  done: number;
  total: number | undefined;
  elapsedMs: number;
}

export interface IndexRecordsOptions {
  records: Iterable<LensPatentRecord> | AsyncIterable<LensPatentRecord>;
  /** How many records to expect, for progress reports; unknown for open-ended sources. */
  total?: number;
  /** Receives each batch of normalized, enriched rows: the database writer, or nothing in a dry run. */
  write: (rows: NewPatent[]) => Promise<unknown>;
  summarizer?: Summarizer;
  batchSize?: number;
  onProgress?: (progress: IndexProgress) => void;
}

/** Normalizes, enriches and writes records batch by batch, so memory stays flat for any count. */
export async function indexRecords(options: IndexRecordsOptions): Promise<{ indexed: number; elapsedMs: number }> {
  const { records, total, write, summarizer = new OfflineSummarizer(), batchSize = UPSERT_BATCH_SIZE, onProgress } = options;
  const started = performance.now();
  let done = 0;
  let batch: LensPatentRecord[] = [];
  const flush = async () => {
    await write(await enrichRows(batch.map(lensRecordToRow), summarizer));
    done += batch.length;
    batch = [];
    onProgress?.({ done, total, elapsedMs: performance.now() - started });
  };
  for await (const record of records) {
    batch.push(record);
    if (batch.length >= batchSize) await flush();
  }
  if (batch.length > 0) await flush();
  return { indexed: done, elapsedMs: performance.now() - started };
}
