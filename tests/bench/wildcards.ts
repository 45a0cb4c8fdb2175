import { parseArgs } from 'node:util';
import { parseLensQuery } from '@patentscout/server/testing/internals';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '@patentscout/db';
import { createLogger } from '@patentscout/platform';
import { startEmbeddedPostgres } from '@patentscout/server/supervisor/embedded';
import { createSearchEngine, NO_FILTERS } from '@patentscout/server/search-engine';
import { systemClock } from '@patentscout/server/shared/clock';

/**
 * Wildcard latency (ADR 0101): `npx tsx tests/bench/wildcards.ts [data dir] [database]` starts an
 * embedded Postgres on port 54422 over a COPY of a benchmark's data (default
 * `.data/bench-search-100000/pg`, never the copy a server runs on), migrates it, times wildcard
 * queries through the engine (median and slowest of 7) and single text updates with and without
 * the vocabulary's trigger. `--skip-migrate` times the queries only (for code
 * older than the data's migrations).
 */
const say = (line: string) => process.stdout.write(`${line}\n`);
const { values, positionals } = parseArgs({
  options: { 'skip-migrate': { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [dataDir = '.data/bench-search-100000/pg', database = 'patentscout'] = positionals;
const migrate = !values['skip-migrate'];
const pg = await startEmbeddedPostgres({ dataDir, port: 54422, database, logger: createLogger('warn') });
const db = createDb(pg.url, { maxConnections: 4 });
try {
  let started = performance.now();
  if (migrate) {
    const applied = await migrateToLatest(db);
    say(
      `migrations: ${applied.join(', ') || 'none'} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { rows } = await sql<{ words: number; size: string; patents: number }>`
      SELECT (SELECT count(*) FROM search_words)::int AS words, pg_size_pretty(pg_total_relation_size('search_words')) AS size,
             (SELECT count(*) FROM patents)::int AS patents`.execute(db);
    say(`vocabulary: ${JSON.stringify(rows[0])}`);
  }

  const engine = createSearchEngine({ connectionString: pg.url, clock: systemClock, maxConnections: 2 });
  const queries = [
    'valve*',
    'electro*',
    'batter? AND cathod*',
    '"neural network"~2 AND image*',
    'optimi?ation',
    'el*trode',
    'el?ctr*',
    'colo?r',
    'wom?n',
    'sol*r',
    'comput*',
    'optimiz*',
    'batter*',
    'title:sol*r',
    'abstract:el*trode AND lithium',
    'claims:optimi?ation OR title:colo?r',
    'co*',
  ];
  say('query | hits | total | estimated | median ms | max ms');
  for (const query of queries) {
    const times: number[] = [];
    let answer;
    for (let run = 0; run < 7; run += 1) {
      started = performance.now();
      try {
        answer = await engine.advanced({
          query: parseLensQuery(query),
          filters: NO_FILTERS,
          maxResults: 500,
        });
      } catch (error) {
        answer = undefined;
        say(`${query} | refused: ${(error as Error).message}`);
        break;
      }
      times.push(performance.now() - started);
    }
    if (!answer) continue;
    times.sort((a, b) => a - b);
    say(
      `${query} | ${answer.hits.length} | ${answer.total} | ${answer.estimated} | ${times[3]!.toFixed(1)} | ${times[6]!.toFixed(1)}`,
    );
  }
  await engine.close();

  if (migrate) await timeTrigger();
} finally {
  await db.destroy();
  await pg.stop();
}

/** The trigger's cost per single write: updates that change the text, with and without the vocabulary. */
async function timeTrigger(): Promise<void> {
  const ids = (
    await sql<{ lens_id: string }>`SELECT lens_id FROM patents ORDER BY lens_id LIMIT 600`.execute(db)
  ).rows.map((row) => row.lens_id);
  const timeUpdates = async (batch: string[]) => {
    const begun = performance.now();
    for (const id of batch)
      await sql`UPDATE patents SET title = title || ' Revised' WHERE lens_id = ${id}`.execute(db);
    return (performance.now() - begun) / batch.length;
  };
  const withWords = await timeUpdates(ids.slice(0, 300));
  await sql`ALTER TABLE patents DISABLE TRIGGER patents_search_words_update`.execute(db);
  const withoutWords = await timeUpdates(ids.slice(300, 600));
  await sql`ALTER TABLE patents ENABLE TRIGGER patents_search_words_update`.execute(db);
  say(
    `text update through the trigger: ${withWords.toFixed(2)} ms with the vocabulary, ${withoutWords.toFixed(2)} ms without`,
  );
}
