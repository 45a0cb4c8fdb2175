import type { Db } from '@patentscout/server/db/client';
import { hasAnyPatent, upsertPatents } from './load/patent-writer.js';
import { indexRecords, type IndexProgress } from './pipeline.js';
import { generatePatents } from './sources/generator.js';

/** The seed of the demo corpus, so every fresh installation shows the same patents. */
export const DEMO_CORPUS_SEED = 1;

export interface EnsureDemoCorpusOptions {
  db: Db;
  count: number;
  seed?: number;
  onProgress?: (progress: IndexProgress) => void;
}

/**
 * Loads a generated corpus of `count` patents when the patents table is empty, and does nothing
 * otherwise. The load is one transaction: a start-up interrupted half-way leaves the table
 * empty, so the next start loads the corpus again instead of keeping half of it.
 */
export async function ensureDemoCorpus(options: EnsureDemoCorpusOptions): Promise<{ inserted: number; elapsedMs: number }> {
  const { db, count, seed = DEMO_CORPUS_SEED, onProgress } = options;
  const started = performance.now();
  if (await hasAnyPatent(db)) return { inserted: 0, elapsedMs: performance.now() - started };
  const { indexed } = await db.transaction().execute((transaction) =>
    indexRecords({ records: generatePatents({ count, seed }), total: count, write: (rows) => upsertPatents(transaction, rows), onProgress }),
  );
  return { inserted: indexed, elapsedMs: performance.now() - started };
}
