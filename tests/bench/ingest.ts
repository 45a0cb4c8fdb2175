import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ProgressBar } from '@patentscout/indexer/cli/progress-bar';
import { OfflineSummarizer } from '@patentscout/indexer/enrich/offline-summarizer';
import { startBulkLoad } from '@patentscout/indexer/load/bulk-load';
import {
  generatedItems,
  indexSource,
  type IndexProgress,
  type IndexResult,
} from '@patentscout/indexer/pipeline';
import { generatePatents } from '@patentscout/indexer/sources/generator';
import { readLensFiles, resolveImportPaths } from '@patentscout/indexer/sources/lens-file';
import type { SourceItem, SourceProgress } from '@patentscout/indexer/sources/source-item';
import { type Db } from '@patentscout/db';
import { createLogger } from '@patentscout/platform';
import { freshDatabase } from './fresh-database.js';
import { startEmbeddedPostgres } from '@patentscout/server/supervisor/embedded';
import { sql } from 'kysely';

/**
 * `npm run bench:ingest`: generates and loads a million patents (offline AI text, the search
 * index built set-based at the end, as `index generate` and `index import` do) into an embedded Postgres of its own, then imports the shared real
 * records. Prints records/s end to end and the indexer's peak RSS (this process: Postgres runs
 * in processes of its own).
 */
const { values } = parseArgs({
  options: { count: { type: 'string', default: '1000000' }, seed: { type: 'string', default: '1' } },
});
const COUNT = Number(values.count);
const TARGET_RATE = 3_000;
const TARGET_RSS_MIB = 1_024;
const PORT = 54369;
const DATA_DIR = path.resolve('.data/bench/pg');
const SHARED_DIR = path.resolve('../shared/data/patents');
const say = (line: string) => process.stdout.write(`${line}\n`);
const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const rssMiB = () => process.resourceUsage().maxRSS / 1024;

async function load(
  db: Db,
  label: string,
  source: {
    items: Iterable<SourceItem> | AsyncIterable<SourceItem>;
    progress?: () => SourceProgress;
    total?: number;
  },
): Promise<IndexResult> {
  const bar = new ProgressBar(process.stderr, label);
  const bulk = await startBulkLoad(db);
  const state = (progress: Pick<IndexProgress, 'counts' | 'elapsedMs' | 'total' | 'fraction'>) => ({
    done: progress.counts.read,
    elapsedMs: progress.elapsedMs,
    total: progress.total,
    fraction: progress.fraction,
  });
  const result = await indexSource({
    items: source.items,
    sourceProgress: source.progress,
    total: source.total,
    summarizer: new OfflineSummarizer(),
    write: (rows) => bulk.write(rows),
    writeConcurrency: 2,
    onProgress: (progress) => bar.update(state(progress)),
  });
  bar.finish(state({ counts: result.counts, elapsedMs: result.elapsedMs }));
  const build = await bulk.finish();
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  say(
    `  search index: ${whole(build.built)} patents added in ${seconds(build.elapsedMs)} (${whole(build.stagedAhead)} computed during the load; ` +
      `then computing ${seconds(build.phasesMs.compute)}, inserting ${seconds(build.phasesMs.insert)}, indexes ${seconds(build.phasesMs.index)})`,
  );
  // The search index is part of the load: a patent counts as loaded once it can be found.
  return { ...result, elapsedMs: result.elapsedMs + build.elapsedMs };
}

async function indexReport(db: Db): Promise<string> {
  const { rows } = await sql<{ tables: string; indexes: number; size: string }>`
    SELECT string_agg(DISTINCT c.relname, ', ') AS tables, count(*)::int AS indexes, pg_size_pretty(sum(pg_relation_size(i.indexrelid))) AS size
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
    WHERE c.relname = 'patents' OR c.oid IN (SELECT conrelid FROM pg_constraint WHERE confrelid = 'patents'::regclass)`.execute(
    db,
  );
  const row = rows[0];
  return `${row?.indexes ?? 0} indexes on ${row?.tables ?? '?'} (${row?.size ?? '?'})`;
}

const rateLine = (label: string, result: IndexResult) =>
  `${label.padEnd(44)}${whole(result.counts.read).padStart(10)} records ${(result.elapsedMs / 1000).toFixed(1).padStart(7)} s ${whole((result.counts.read * 1000) / result.elapsedMs).padStart(7)} records/s`;

async function main(): Promise<void> {
  await mkdir(DATA_DIR, { recursive: true });
  await chmod(path.dirname(DATA_DIR), 0o755); // the postgres user must reach its data folder
  const postgres = await startEmbeddedPostgres({
    dataDir: DATA_DIR,
    port: PORT,
    database: 'postgres',
    logger: createLogger('warn'),
  });
  const lines: string[] = [];
  try {
    say(`Embedded PostgreSQL on port ${PORT}, data in ${path.relative(process.cwd(), DATA_DIR)}`);
    const generated = await freshDatabase(postgres.url, 'bench_ingest');
    say(`Generating, enriching and loading ${whole(COUNT)} patents (seed ${values.seed})...`);
    const million = await load(generated, 'Generated and loaded', {
      items: generatedItems(generatePatents({ count: COUNT, seed: Number(values.seed) })),
      total: COUNT,
    });
    const peakRss = rssMiB();
    lines.push(
      rateLine('generate + normalize + enrich + load', million),
      `  search indexes: ${await indexReport(generated)}`,
    );
    lines.push(`  indexer peak RSS: ${whole(peakRss)} MiB`);
    await generated.destroy();

    const shared = await freshDatabase(postgres.url, 'bench_shared');
    const { files } = await resolveImportPaths([SHARED_DIR]);
    say(`Importing ${files.length} files of shared real records from ${SHARED_DIR}...`);
    const imported = await load(shared, 'Imported', readLensFiles(files));
    const again = await load(shared, 'Imported again', readLensFiles(files));
    lines.push(
      rateLine('import ../shared/data/patents', imported),
      rateLine('import it again (every record unchanged)', again),
    );
    await shared.destroy();

    const rate = (million.counts.read * 1000) / million.elapsedMs;
    say(`\nResults\n${lines.join('\n')}`);
    say(
      `\nTargets: ${whole(rate)} records/s against >= ${whole(TARGET_RATE)} (${rate >= TARGET_RATE ? 'met' : 'NOT met'}); ` +
        `peak RSS ${whole(peakRss)} MiB against < ${whole(TARGET_RSS_MIB)} MiB (${peakRss < TARGET_RSS_MIB ? 'met' : 'NOT met'}).`,
    );
  } finally {
    await postgres.stop();
  }
}

await main();
