import { sql } from 'kysely';
import type { BenchServer } from './bench-server.js';
import { foundInTop, knownItemQuery } from './known-item.js';
import { getJson, search, type SearchKind as Kind, type Transport } from './search-client.js';
import { ADVANCED_QUERIES, AI_QUERIES, type BenchQuery } from './search-queries.js';

/** The query sets by kind, AI first. */
export const KINDS = [
  ['ai', AI_QUERIES],
  ['boolean', ADVANCED_QUERIES],
] as const;

export function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? 0;
}

/**
 * The searchers' tokens, one searcher per pass over the query set: the same search by the same
 * user within a day replays its kept result set instead of searching, and the benchmark measures
 * searches.
 */
export type Searchers = (pass: number) => string;

/** One kind through one transport: latency at concurrency 1, the first pass apart, and throughput at 8. */
export interface SpeedFigures {
  p50: number;
  p95: number;
  p99: number;
  coldP50: number;
  coldP95: number;
  perSecond: number;
  slowest: { ms: number; query: string };
}

export async function latency(
  baseUrl: string,
  searcher: Searchers,
  kind: Kind,
  queries: readonly BenchQuery[],
  transport: Transport,
  rounds: number,
): Promise<Omit<SpeedFigures, 'perSecond'>> {
  // The first pass meets every search for the first time (no count kept, pages not yet in
  // shared memory): its times are the cold ones.
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
    slowest,
  };
}

/** The clients of the throughput run, each searching as users of its own. */
export const CLIENTS = 8;

/**
 * The users a throughput run of `seconds` needs (at up to 80 searches a second): each user
 * searches in turns (ADR 0112), so each client searches as a user of its own, and a new one
 * after every `queryCount` searches (a same-day repeat would replay a kept answer).
 */
export const throughputUsers = (seconds: number, queryCount: number) =>
  CLIENTS * Math.ceil((seconds * 80) / CLIENTS / queryCount);

export async function throughput(
  baseUrl: string,
  searcher: Searchers,
  kind: Kind,
  queries: readonly BenchQuery[],
  transport: Transport,
  seconds: number,
): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  // Clients start at different queries, so that they do not ask the same one at once.
  const stride = Math.floor(queries.length / CLIENTS);
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let turn = 0; performance.now() < deadline; turn += 1) {
        const user = client + CLIENTS * Math.floor(turn / queries.length);
        const query = queries[(client * stride + turn) % queries.length]!;
        await search(baseUrl, searcher(user), kind, query, transport);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** Share of patents containing each word (through its stem), from the planner's statistics. */
async function wordFrequencies(server: BenchServer, texts: string[]): Promise<(word: string) => number> {
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

/** Known-item quality: 200 patents, each sought by a reworded query of its own words; found in the top 10? */
export async function knownItems(server: BenchServer, token: string): Promise<{ found: number; of: number }> {
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

/** Reported totals against exact ones. */
export interface TotalsFigures {
  queries: number;
  estimated: number;
  worst: { ratio: number; query: string };
  slowestExact: { ms: number; query: string };
  /** The estimated or inexact answers, as printed lines. */
  lines: string[];
}

const format = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * Reported against exact totals: every query of the set, searched as the browser does, then
 * counted exactly through its result set's counts (what the results page asks for an "about N").
 */
export async function totals(server: BenchServer, token: string): Promise<TotalsFigures> {
  let worst = { ratio: 1, query: '' };
  let estimated = 0;
  let slowestExact = { ms: 0, query: '' };
  const lines: string[] = [];
  for (const [kind, queries] of KINDS) {
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
        lines.push(
          `${kind === 'ai' ? 'AI ' : 'adv'} ${`${reported.estimated ? 'about ' : ''}${reported.total.toLocaleString('en')}`.padStart(15)}` +
            ` ${exact.body.total.toLocaleString('en').padStart(10)} ${ratio.toFixed(3).padStart(7)} ${format(exact.ms).padStart(10)}  ${query.query}`,
        );
      }
    }
  }
  return {
    queries: AI_QUERIES.length + ADVANCED_QUERIES.length,
    estimated,
    worst,
    slowestExact,
    lines,
  };
}
