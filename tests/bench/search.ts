import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchUserToken, startBenchServer } from './bench-server.js';
import { foundInTop, knownItemQuery } from './known-item.js';
import { search, type SearchKind as Kind, type Transport } from './search-client.js';
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
  },
});
const sizes = values.sizes.split(',').map(Number);
const throughputSeconds = Number(values.seconds);
const rounds = Number(values.rounds);
const transports = values.transports.split(',') as Transport[];
const say = (line: string) => process.stdout.write(`${line}\n`);

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function latency(
  baseUrl: string,
  token: string,
  kind: Kind,
  queries: BenchQuery[],
  transport: Transport,
) {
  for (const query of queries) await search(baseUrl, token, kind, query, transport); // warm-up
  const times: number[] = [];
  let slowest = { ms: 0, query: '' };
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const { ms } = await search(baseUrl, token, kind, query, transport);
      times.push(ms);
      if (ms > slowest.ms) slowest = { ms, query: query.query };
    }
  }
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    p99: percentile(times, 0.99),
    count: times.length,
    slowest,
  };
}

async function throughput(
  baseUrl: string,
  token: string,
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
        await search(baseUrl, token, kind, queries[next++ % queries.length]!, transport);
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

const format = (ms: number) => `${ms.toFixed(1)} ms`;
for (const size of sizes) {
  say(`\n=== ${size.toLocaleString('en')} patents ===`);
  const server = await startBenchServer(size, say);
  try {
    const token = await benchUserToken(server);
    for (const [kind, queries] of [
      ['ai', AI_QUERIES],
      ['boolean', ADVANCED_QUERIES],
    ] as const) {
      const measured: Partial<Record<Transport, { p95: number; perSecond: number }>> = {};
      for (const transport of transports) {
        const figures = await latency(server.baseUrl, token, kind, queries, transport);
        const perSecond = await throughput(server.baseUrl, token, kind, queries, transport);
        measured[transport] = { p95: figures.p95, perSecond };
        const label = `${kind === 'ai' ? 'AI search' : 'advanced search'} (${transport === 'rest' ? 'REST' : 'GraphQL'})`;
        say(
          `  ${label.padEnd(26)} ${queries.length} queries x ${rounds}: p50 ${format(figures.p50)}, p95 ${format(figures.p95)}, p99 ${format(figures.p99)}` +
            ` | concurrency 8: ${perSecond.toFixed(1)} searches/s | slowest: ${format(figures.slowest.ms)} "${figures.slowest.query}"`,
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
    const quality = await knownItems(server, token);
    say(
      `  known-item quality: ${quality.found} of ${quality.of} found in the top 10 (${((quality.found / quality.of) * 100).toFixed(1)}%)`,
    );
  } finally {
    await server.stop();
  }
}
process.exit(0);
