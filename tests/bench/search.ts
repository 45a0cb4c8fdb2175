import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchUserToken, startBenchServer } from './bench-server.js';
import { foundInTop, knownItemQuery } from './known-item.js';
import { getJson, search, type SearchKind as Kind, type Transport } from './search-client.js';
import { ADVANCED_QUERIES, AI_QUERIES, type BenchQuery } from './search-queries.js';

/**
 * `npm run bench:search`: search latency (p50/p95/p99 at concurrency 1), throughput at
 * concurrency 8 and a known-item quality figure, through the HTTP API, per corpus size; each
 * search kind through the REST shim and through GraphQL as the browser asks (`--transports`).
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
    transports: { type: 'string', default: 'rest,graphql' },
    sections: { type: 'string', default: 'speed,totals,quality' },
  },
});
const sections = new Set(values.sections.split(','));
const sizes = values.sizes.split(',').map(Number);
const throughputSeconds = Number(values.seconds);
const rounds = Number(values.rounds);
const transports = values.transports.split(',') as Transport[];
const say = (line: string) => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

/**
 * The searchers' tokens, one searcher per pass over the query set: the same search by the same
 * user within a day replays its kept result set instead of searching, and the benchmark measures
 * searches.
 */
type Searchers = (pass: number) => string;

async function latency(
  baseUrl: string,
  searcher: Searchers,
  kind: Kind,
  queries: BenchQuery[],
  transport: Transport,
) {
  // The first pass warms the caches, the server's counts among them: its times are the cold ones.
  const cold: number[] = [];
  for (const query of queries) cold.push((await search(baseUrl, searcher(0), kind, query, transport)).ms);
  cold.sort((a, b) => a - b);
  const times: number[] = [];
  let slowest = { ms: 0, query: '' };
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const { ms } = await search(baseUrl, searcher(round + 1), kind, query, transport);
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, query: query.query };
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    coldP50: percentile(cold, 0.5),
    coldP95: percentile(cold, 0.95),
    count: times.length,
    slowest,
  };
}

async function throughput(
  baseUrl: string,
  searcher: Searchers,
  kind: Kind,
  queries: BenchQuery[],
  transport: Transport,
  concurrency = 8,
) {
  const deadline = performance.now() + throughputSeconds * 1000;
  let done = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const index = next++;
        const pass = Math.floor(index / queries.length);
        await search(baseUrl, searcher(pass), kind, queries[index % queries.length]!, transport);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

async function knownItems(server: Awaited<ReturnType<typeof startBenchServer>>, token: string) {
  const { rows } = await sql<{ lens_id: string; title: string; abstract: string }>`
    SELECT lens_id, title, abstract FROM patents ORDER BY md5(lens_id) LIMIT 200`.execute(server.db);
  const frequency = await wordFrequencies(
    server,
    rows.flatMap((row) => [row.title, row.abstract]),
  );
  let found = 0;
  for (const row of rows) {
    const { answer } = await search(server.baseUrl, token, 'ai', {
      query: knownItemQuery(row.title, row.abstract, frequency),
    });
    if (foundInTop(answer(), row.lens_id)) found += 1;
  }
  return { found, of: rows.length };
}

/** Share of patents containing each word (through its stem), from the planner's statistics. */
async function wordFrequencies(
  server: Awaited<ReturnType<typeof startBenchServer>>,
  texts: string[],
): Promise<(word: string) => number> {
  const words = [
    ...new Set(
      texts
        .join(' ')
        .toLowerCase()
        .match(/[a-z]{4,}/g) ?? [],
    ),
  ];
  const { rows } = await sql<{ word: string; frequency: number | null }>`
    WITH stats AS (
      SELECT unnest(most_common_elems::text::text[]) AS lexeme, unnest(most_common_elem_freqs::real[]) AS frequency
      FROM pg_stats WHERE tablename = 'patent_search' AND attname = 'text_vector'
    )
    SELECT word, CASE WHEN stem IS NULL THEN 1 ELSE coalesce((SELECT stats.frequency FROM stats WHERE stats.lexeme = stem), 0) END AS frequency
    FROM unnest(${words}::text[]) AS word, LATERAL (SELECT min(lexeme) AS stem FROM unnest(to_tsvector('english', word))) AS stems`.execute(
    server.db,
  );
  // Stop words count as everywhere (1); words too rare to be listed as nowhere (0).
  const byWord = new Map(rows.map((row) => [row.word, row.frequency ?? 0]));
  return (word) => byWord.get(word) ?? 1;
}

/**
 * Reported against exact totals: every query of the set, searched as the browser does, then
 * counted exactly through its result set's counts (what the results page asks for an "about N").
 */
async function totals(server: Awaited<ReturnType<typeof startBenchServer>>, token: string) {
  let worst = { ratio: 1, query: '' };
  let estimated = 0;
  let slowestExact = { ms: 0, query: '' };
  const rows: string[] = [];
  for (const [kind, queries] of [
    ['ai', AI_QUERIES],
    ['boolean', ADVANCED_QUERIES],
  ] as const) {
    for (const query of queries) {
      const reported = (await search(server.baseUrl, token, kind, query)).answer();
      const exact = await getJson<{ total: number; estimated: boolean }>(
        server.baseUrl,
        token,
        `/api/v1/result-sets/${reported.result_set_id}/counts`,
      );
      const ratio = exact.body.total === 0 ? 1 : reported.total / exact.body.total;
      if (reported.estimated) estimated += 1;
      if (Math.abs(Math.log(ratio)) > Math.abs(Math.log(worst.ratio))) worst = { ratio, query: query.query };
      if (reported.estimated && exact.ms > slowestExact.ms)
        slowestExact = { ms: exact.ms, query: query.query };
      if (reported.estimated || ratio !== 1) {
        rows.push(
          `    ${kind === 'ai' ? 'AI ' : 'adv'} ${`${reported.estimated ? 'about ' : ''}${reported.total.toLocaleString('en')}`.padStart(15)}` +
            ` ${exact.body.total.toLocaleString('en').padStart(10)} ${ratio.toFixed(3).padStart(7)} ${format(exact.ms).padStart(10)}  ${query.query}`,
        );
      }
    }
  }
  const all = AI_QUERIES.length + ADVANCED_QUERIES.length;
  say(
    `  totals: ${all - estimated} of ${all} queries answered exact counts; ${estimated} an estimate ("about N")`,
  );
  if (rows.length > 0) {
    say(`    kind        reported      exact   ratio  exact count  query`);
    rows.forEach((row) => say(row));
  }
  say(
    `  totals: worst reported/exact ratio ${worst.ratio.toFixed(3)} ("${worst.query}"); slowest deferred exact count ${format(slowestExact.ms)} ("${slowestExact.query}")`,
  );
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;
for (const size of sizes) {
  say(`\n=== ${size.toLocaleString('en')} patents ===`);
  const server = await startBenchServer(size, say);
  try {
    const token = await benchUserToken(server);
    // Enough searchers for every pass: the rounds, and throughput at up to 80 searches a second.
    const passes = Math.max(rounds + 1, Math.ceil((throughputSeconds * 80) / 50) + 1);
    const measurements = 2 * transports.length;
    const tokens = await Promise.all(
      Array.from({ length: passes * measurements }, () => benchUserToken(server)),
    );
    let used = 0;
    // Each measurement (a kind and transport) takes searchers of its own.
    const searchersFor = (): Searchers => {
      const start = used;
      used += passes;
      return (pass) => tokens[(start + pass) % tokens.length]!;
    };
    for (const [kind, queries] of !sections.has('speed')
      ? []
      : ([
          ['ai', AI_QUERIES],
          ['boolean', ADVANCED_QUERIES],
        ] as const)) {
      const measured: Partial<Record<Transport, { p95: number; perSecond: number }>> = {};
      for (const transport of transports) {
        const figures = await latency(server.baseUrl, searchersFor(), kind, queries, transport);
        const perSecond = await throughput(server.baseUrl, searchersFor(), kind, queries, transport);
        measured[transport] = { p95: figures.p95, perSecond };
        const label = `${kind === 'ai' ? 'AI search' : 'advanced search'} (${transport === 'rest' ? 'REST' : 'GraphQL'})`;
        say(
          `  ${label.padEnd(26)} ${queries.length} queries x ${rounds}: p50 ${format(figures.p50)}, p95 ${format(figures.p95)}, p99 ${format(figures.p99)}` +
            ` | concurrency 8: ${perSecond.toFixed(1)} searches/s | slowest: ${format(figures.slowest.ms)} "${figures.slowest.query}"` +
            ` | first pass (cold): p50 ${format(figures.coldP50)}, p95 ${format(figures.coldP95)}`,
        );
      }
      if (measured.rest && measured.graphql) {
        const change = (graphql: number, rest: number) =>
          `${graphql >= rest ? '+' : ''}${((graphql / rest - 1) * 100).toFixed(1)} %`;
        say(
          `  ${''.padEnd(26)} GraphQL against REST: p95 ${change(measured.graphql.p95, measured.rest.p95)}, throughput ${change(measured.graphql.perSecond, measured.rest.perSecond)}`,
        );
      }
    }
    if (sections.has('totals')) await totals(server, token);
    if (!sections.has('quality')) continue;
    const quality = await knownItems(server, token);
    say(
      `  known-item quality: ${quality.found} of ${quality.of} found in the top 10 (${((quality.found / quality.of) * 100).toFixed(1)}%)`,
    );
  } finally {
    await server.stop();
  }
}
process.exit(0);
