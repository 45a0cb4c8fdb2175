import { parseArgs } from 'node:util';
import {
  createMeaningIndex,
  naturalSearch,
  MEANING_CANDIDATES,
  MEANING_INDEX,
  createTermStatsSource,
  lexemesOf,
  weightedTerms,
  type MeaningCandidates,
} from '@patentscout/server/testing/internals';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Database } from '@patentscout/db';
import { NO_FILTERS } from '@patentscout/server/search-engine';
import { systemClock } from '@patentscout/server/shared/clock';
import { startBenchServer } from './bench-server.js';
import { knownItemQuery } from './known-item.js';
import { readParaphrases, readTargets } from '../quality/paraphrase-set.js';

/**
 * `npm run bench:meaning-profile -- --size 1000000`: where AI search with meaning spends its time
 * over `bench:quality`'s corpus (run that first): the query's meaning, the nearest patents, and
 * each statement Postgres runs (the ranking, the counts), by words alone and with meaning,
 * alternating query by query; then EXPLAIN (ANALYZE, BUFFERS) of the slowest search's statements.
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '20000' },
    data: { type: 'string', default: '.data' },
    candidates: { type: 'string', default: String(MEANING_CANDIDATES) },
  },
});
const size = Number(values.size);
const candidates = Number(values.candidates);
const say = (line: string) => process.stdout.write(`${line}\n`);

const server = await startBenchServer(size, say, {
  dataDir: `${values.data}/bench-quality-${size}`,
  keepAdded: true,
});
const statements: LogEvent[] = [];
const pool = new pg.Pool({
  connectionString: server.databaseUrl,
  max: 4,
  options: '-c synchronize_seqscans=off -c max_parallel_workers_per_gather=0',
});
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => void statements.push(event),
});
try {
  const statistics = createTermStatsSource(db, systemClock);
  const meaning = createMeaningIndex(db, MEANING_INDEX);
  const paraphrases = readParaphrases();
  const targets = await readTargets(new Set(paraphrases.map((entry) => entry.id)));
  const frequency = await lexemeShares();
  const queries = [
    ...paraphrases.map((entry) => ({ set: 'paraphrase', text: entry.query })),
    ...paraphrases.map((entry) => {
      const target = targets.get(entry.id)!;
      return { set: 'known-item', text: knownItemQuery(target.title, target.abstract, frequency) };
    }),
  ];
  const kind = (event: LogEvent) => {
    const text = event.query.sql;
    if (text.includes('WITH candidates')) return 'ranking';
    if (text.includes('patent_search_subsample')) return 'count: subsample';
    if (text.includes('patent_search_sample')) return 'count: sample';
    if (text.includes('count(*)::int AS total')) return 'count: exact';
    return 'other';
  };
  type Timed = {
    set: string;
    text: string;
    mode: string;
    ms: number;
    meaningMs: number;
    neighbourMs: number;
    byKind: Map<string, number>;
    events: LogEvent[];
  };
  const timed: Timed[] = [];
  const stats = await statistics.current();
  // One untimed pass: the vectors into memory, the pages into the cache.
  say('  warming up...');
  for (const query of queries) await meaning.meaningOf(query.text);
  for (const pass of ['warm', 'timed'])
    for (const query of queries)
      for (const mode of ['words', 'meaning']) {
        const started = performance.now();
        const terms = weightedTerms(await lexemesOf(db, query.text), stats);
        let meaningMs = 0;
        let found: (() => Promise<MeaningCandidates>) | undefined;
        let neighbours: (() => unknown) | undefined;
        if (mode === 'meaning') {
          const meaningStarted = performance.now();
          const understood = await meaning.meaningOf(query.text);
          meaningMs = performance.now() - meaningStarted;
          neighbours = understood?.alsoSearched;
          if (understood)
            found = async () => {
              const nearestStarted = performance.now();
              const nearest = await meaning.nearest(understood.vector, candidates);
              meaningMs += performance.now() - nearestStarted;
              return {
                lensIds: nearest.map((entry) => entry.lensId!),
                similarities: nearest.map((entry) => entry.similarity),
                floor: nearest.at(-1)?.similarity ?? 0,
              };
            };
        }
        statements.length = 0;
        await naturalSearch(
          db,
          { terms, filters: NO_FILTERS, maxResults: 500, budget: 1000, meaning: found },
          stats,
        );
        const ms = performance.now() - started;
        // Measured apart: the engine finds the explanation's neighbour words while Postgres ranks.
        const neighboursStarted = performance.now();
        await neighbours?.();
        const neighbourMs = performance.now() - neighboursStarted;
        if (pass === 'warm') continue;
        const byKind = new Map<string, number>();
        for (const event of statements)
          byKind.set(kind(event), (byKind.get(kind(event)) ?? 0) + event.queryDurationMillis);
        timed.push({ ...query, mode, ms, meaningMs, neighbourMs, byKind, events: [...statements] });
      }
  const pct = (list: number[], q: number) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  say(
    '\n| set | mode | p50 ms | p95 ms | meaning p50/p95 | neighbour words p50/p95 | ranking p50/p95 | counts p50/p95 (sum, run beside) | counted |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const set of ['paraphrase', 'known-item'])
    for (const mode of ['words', 'meaning']) {
      const rows = timed.filter((row) => row.set === set && row.mode === mode);
      const ranking = rows.map((row) => row.byKind.get('ranking') ?? 0);
      const counts = rows.map((row) =>
        [...row.byKind].filter(([k]) => k.startsWith('count')).reduce((s, [, v]) => s + v, 0),
      );
      const counted = rows.filter((row) => [...row.byKind.keys()].some((k) => k.startsWith('count'))).length;
      const f = (list: number[]) => `${pct(list, 0.5).toFixed(1)} / ${pct(list, 0.95).toFixed(1)}`;
      say(
        `| ${set} | ${mode} | ${pct(
          rows.map((r) => r.ms),
          0.5,
        ).toFixed(1)} | ${pct(
          rows.map((r) => r.ms),
          0.95,
        ).toFixed(
          1,
        )} | ${f(rows.map((r) => r.meaningMs))} | ${f(rows.map((r) => r.neighbourMs))} | ${f(ranking)} | ${f(counts)} | ${counted} |`,
      );
    }
  // The slowest searches with meaning: their statements explained.
  const slowest = timed
    .filter((row) => row.mode === 'meaning')
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 2);
  for (const row of slowest) {
    say(`\n### ${row.set}: "${row.text}" ${row.ms.toFixed(1)} ms (meaning ${row.meaningMs.toFixed(1)} ms)`);
    for (const event of row.events) {
      if (kind(event) === 'other') continue;
      const { rows: plan } = await pool.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${event.query.sql}`,
        event.query.parameters as unknown[],
      );
      say(`\n#### ${kind(event)} (${event.queryDurationMillis.toFixed(1)} ms when run)\n`);
      for (const line of plan) say(`    ${(line as Record<string, string>)['QUERY PLAN']}`);
    }
  }
  await meaning.close();
} finally {
  await db.destroy();
  await server.stop();
}

/** The share of patents whose search text holds each lexeme (as bench:quality reads them). */
async function lexemeShares(): Promise<(word: string) => number> {
  const { rows } = await sql<{ word: string; ndoc: number; total: number }>`
    SELECT word, ndoc, (SELECT count(*) FROM patent_search)::int AS total
    FROM ts_stat('SELECT text_vector FROM patent_search')`.execute(db);
  const shares = new Map(rows.map((row) => [row.word, row.ndoc / row.total]));
  return (word) => shares.get(word.replace(/s$/, '')) ?? shares.get(word) ?? 0;
}
