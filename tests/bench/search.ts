import http from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { benchUserToken, startBenchServer } from './bench-server.js';
import { knownItemQuery } from './known-item.js';
import { ADVANCED_QUERIES, AI_QUERIES, type BenchQuery } from './search-queries.js';

/**
 * `npm run bench:search`: search latency (p50/p95/p99 at concurrency 1), throughput at
 * concurrency 8 and a known-item quality figure, through the HTTP API, per corpus size.
 */
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '3' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const throughputSeconds = Number(values.seconds);
const rounds = Number(values.rounds);
const say = (line: string) => process.stdout.write(`${line}\n`);

type Kind = 'ai' | 'boolean';
const ENDPOINT: Record<Kind, string> = { ai: '/api/v1/ai-search', boolean: '/api/v1/boolean-search' };

interface Answer {
  total: number;
  data: { lens_id: string }[];
  estimated: boolean;
}

/** Kept-alive connections, one per concurrent search, as an HTTP load tool keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * One search through the HTTP API. Latency ends when the whole answer has arrived, as HTTP load
 * tools measure it. The client shares the server's two cores, so it does what they do and no
 * more: node:http rather than fetch (whose web streams cost it about 3 ms of CPU a search), and
 * the answer's JSON (over 400 KB) parsed only when `answer()` asks for it.
 */
function search(
  baseUrl: string,
  token: string,
  kind: Kind,
  body: BenchQuery,
): Promise<{ ms: number; answer: () => Answer }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}${ENDPOINT[kind]}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const ms = performance.now() - started;
          const text = () => Buffer.concat(chunks).toString('utf8');
          if (response.statusCode !== 200)
            reject(
              new Error(
                `${kind} search "${body.query}" failed: ${response.statusCode} ${text().slice(0, 300)}`,
              ),
            );
          else resolve({ ms, answer: () => JSON.parse(text()) as Answer });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
}

async function latency(baseUrl: string, token: string, kind: Kind, queries: BenchQuery[]) {
  for (const query of queries) await search(baseUrl, token, kind, query); // warm-up
  const times: number[] = [];
  let slowest = { ms: 0, query: '' };
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      const { ms } = await search(baseUrl, token, kind, query);
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
  concurrency = 8,
) {
  const deadline = performance.now() + throughputSeconds * 1000;
  let done = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await search(baseUrl, token, kind, queries[next++ % queries.length]!);
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
    if (
      answer()
        .data.slice(0, 10)
        .some((item) => item.lens_id === row.lens_id)
    )
      found += 1;
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
      const figures = await latency(server.baseUrl, token, kind, queries);
      const perSecond = await throughput(server.baseUrl, token, kind, queries);
      say(
        `  ${kind === 'ai' ? 'AI search      ' : 'advanced search'}  ${queries.length} queries x ${rounds}: p50 ${format(figures.p50)}, p95 ${format(figures.p95)}, p99 ${format(figures.p99)}` +
          ` | concurrency 8: ${perSecond.toFixed(1)} searches/s | slowest: ${format(figures.slowest.ms)} "${figures.slowest.query}"`,
      );
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
