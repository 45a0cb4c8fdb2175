import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { OfflineSummarizer } from '@patentscout/indexer/enrich/offline-summarizer';
import { startBulkLoad } from '@patentscout/indexer/load/bulk-load';
import { WRITE_BATCH_SIZE } from '@patentscout/indexer/load/patent-writer';
import { generatedItems, indexSource } from '@patentscout/indexer/pipeline';
import { generatePatents } from '@patentscout/indexer/sources/generator';
import type { SourceItem } from '@patentscout/indexer/sources/source-item';
import type { Db } from '@patentscout/db';

/** The demo corpus's seed: the benchmark searches the patents a fresh installation shows. */
const SEED = 1;
/** Batches a load writes at once (as `index generate` and `bench:ingest` do). */
const WRITE_CONCURRENCY = 2;

/** How a benchmark corpus was loaded: kept beside its data, so that a later run reports it. */
export interface CorpusLoad {
  size: number;
  /** Patents written by the load that completed the corpus (fewer than `size` when it resumed one). */
  loaded: number;
  /** Generating, enriching and writing them, and building their search rows, in seconds. */
  seconds: number;
  /** Of which the final search-index build. */
  buildSeconds: number;
  recordsPerSecond: number;
  /** When the load that completed it ended. */
  at: string;
  /** Set when an earlier, interrupted load had written the first patents. */
  resumedFrom?: number;
}

const recordFile = (dataDir: string) => path.join(dataDir, 'bench-corpus.json');

function readRecord(dataDir: string): CorpusLoad | undefined {
  const file = recordFile(dataDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CorpusLoad) : undefined;
}

function* dropFirst(items: Iterable<SourceItem>, count: number): Generator<SourceItem> {
  let seen = 0;
  for (const item of items) if (seen++ >= count) yield item;
}

const whole = (value: number) => Math.round(value).toLocaleString('en');

/**
 * The generated corpus of `size` patents in the database, loaded as `index generate` loads
 * (batches committed one by one, search rows computed beside the load and built at its end), so
 * that a load stopped half-way resumes: the batches that may still have been in flight are
 * written again (an unchanged patent is left as it is), the rest are generated and skipped.
 * Answers how the load that completed the corpus went.
 */
export async function ensureBenchCorpus(
  db: Db,
  options: {
    size: number;
    dataDir: string;
    say: (line: string) => void;
    /** Patents a benchmark added after the generated ones (bench:quality's real records) stay. */
    keepAdded?: boolean;
  },
): Promise<CorpusLoad> {
  const { size, dataDir, say, keepAdded = false } = options;
  const { rows } = await sql<{ patents: number; indexed: number }>`
    SELECT (SELECT count(*) FROM patents)::int AS patents, (SELECT count(*) FROM patent_search)::int AS indexed`.execute(
    db,
  );
  const { patents = 0, indexed = 0 } = rows[0] ?? {};
  const record = readRecord(dataDir);
  if (record && patents === size && indexed === size) return record;
  if (record && keepAdded && patents > size && indexed === patents) return record;
  if (patents > size)
    throw new Error(`${dataDir} holds ${whole(patents)} patents, more than ${whole(size)}: remove it.`);

  const resumeAt = Math.max(0, patents - WRITE_CONCURRENCY * WRITE_BATCH_SIZE);
  say(
    resumeAt > 0
      ? `  resuming the load at patent ${whole(resumeAt)} of ${whole(size)} (${whole(patents)} were written)`
      : `  generating and loading ${whole(size)} patents...`,
  );
  const started = performance.now();
  let nextReport = 0;
  const bulk = await startBulkLoad(db);
  const loaded = await indexSource({
    items: dropFirst(generatedItems(generatePatents({ count: size, seed: SEED })), resumeAt),
    total: size - resumeAt,
    summarizer: new OfflineSummarizer(),
    write: (batch) => bulk.write(batch),
    writeConcurrency: WRITE_CONCURRENCY,
    onProgress: ({ counts, elapsedMs }) => {
      if (counts.read < nextReport) return;
      nextReport = counts.read + Math.max(50_000, Math.round(size / 20));
      const rate = (counts.read * 1000) / Math.max(elapsedMs, 1);
      const left = (size - resumeAt - counts.read) / Math.max(rate, 1);
      say(
        `  loading: ${whole(resumeAt + counts.read)} of ${whole(size)}, ${whole(rate)} patents/s, about ${whole(left)} s left`,
      );
    },
  });
  say('  building the search index...');
  const build = await bulk.finish();
  const seconds = (performance.now() - started) / 1000;
  say('  vacuuming and analysing (hint bits and visibility, so that the first searches do not write)...');
  await sql`VACUUM (ANALYZE) patents`.execute(db);
  await sql`VACUUM (ANALYZE) patent_search`.execute(db);
  await sql`CHECKPOINT`.execute(db);
  const load: CorpusLoad = {
    size,
    loaded: loaded.counts.read,
    seconds,
    buildSeconds: build.elapsedMs / 1000,
    recordsPerSecond: loaded.counts.read / seconds,
    at: new Date().toISOString(),
    ...(resumeAt > 0 ? { resumedFrom: resumeAt } : {}),
  };
  writeFileSync(recordFile(dataDir), `${JSON.stringify(load, null, 2)}\n`);
  say(
    `  loaded ${whole(load.loaded)} patents in ${load.seconds.toFixed(0)} s (${whole(load.recordsPerSecond)} patents/s; the search index build ${load.buildSeconds.toFixed(0)} s)`,
  );
  return load;
}
