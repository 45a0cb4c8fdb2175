import { type Db, buildDeferredSearchRows, deferSearchRows } from '@patentscout/db';
import { OfflineSummarizer } from './enrich/offline-summarizer.js';
import { hasAnyPatent, writePatentBatch } from './load/patent-writer.js';
import { generatedItems, indexSource } from './pipeline.js';
import { generatePatents } from './sources/generator.js';

/** The seed of the demo corpus, so every fresh installation shows the same patents. */
export const DEMO_CORPUS_SEED = 1;

export interface EnsureDemoCorpusOptions {
  db: Db;
  count: number;
  seed?: number;
  onProgress?: (progress: { done: number; total: number; elapsedMs: number }) => void;
}

/**
 * Loads a generated corpus of `count` patents when the patents table is empty, and does nothing
 * otherwise; the search index is built set-based at the end. The load is one transaction: a
 * start-up interrupted half-way leaves the table empty, so the next start loads the corpus again
 * instead of keeping half of it.
 */
export async function ensureDemoCorpus(
  options: EnsureDemoCorpusOptions,
): Promise<{ inserted: number; elapsedMs: number }> {
  const { db, count, seed = DEMO_CORPUS_SEED, onProgress } = options;
  const started = performance.now();
  if (await hasAnyPatent(db)) return { inserted: 0, elapsedMs: performance.now() - started };
  const { counts } = await db.transaction().execute(async (transaction) => {
    await deferSearchRows(transaction);
    const result = await indexSource({
      items: generatedItems(generatePatents({ count, seed })),
      total: count,
      summarizer: new OfflineSummarizer(),
      write: (rows) => writePatentBatch(transaction, rows),
      onProgress: (progress) =>
        onProgress?.({ done: progress.counts.read, total: count, elapsedMs: progress.elapsedMs }),
    });
    await buildDeferredSearchRows(transaction);
    return result;
  });
  return { inserted: counts.inserted, elapsedMs: performance.now() - started };
}
