import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/client.js';
import { QUERY_CANCELED } from './budget.js';
import { COUNTING, type CountingSample, type CountingTuning } from './plan.js';

/** How many patents and simple families match a search. */
export interface MatchCount {
  total: number;
  families: number;
  /** True when the counts are the sample's estimate rather than exact. */
  estimated: boolean;
}

async function countIn(
  db: Db,
  table: 'patent_search' | CountingSample['table'],
  where: RawBuilder<SqlBool>,
): Promise<{ total: number; families: number }> {
  const { rows } = await sql<{ total: number; families: number }>`
    SELECT count(*)::int AS total, count(DISTINCT s.family_key)::int AS families
    FROM ${sql.table(table)} s WHERE ${where}`.execute(db);
  return rows[0] ?? { total: 0, families: 0 };
}

/**
 * Counts already made, by their condition's SQL and parameters, for `ttlMs`: a search run again
 * (by anyone) pays no count, and an exact count asked for after an "about N" serves the next
 * answers too. At most `max` are kept, the oldest dropped first. Counts may lag new patents by
 * the TTL, as the corpus statistics do (STATISTICS_REFRESH_MS).
 */
export interface CountCache {
  get(key: string): MatchCount | undefined;
  set(key: string, count: MatchCount): void;
}

export function createCountCache(options: { ttlMs: number; max: number; now?: () => number }): CountCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { count: MatchCount; at: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.at > options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.count;
    },
    set(key, count) {
      entries.delete(key);
      entries.set(key, { count, at: now() });
      if (entries.size > options.max) entries.delete(entries.keys().next().value!);
    },
  };
}

/**
 * A count started now, beside the search's ranking (on another connection, so on the other core),
 * for the answer to ask for when its candidates filled the budget: a first search then waits for
 * the slower of the two, not for both. A count that fails fails only an answer that asks for it.
 */
export function countAhead(counting: Promise<MatchCount>): () => Promise<MatchCount> {
  counting.catch(() => undefined);
  return () => counting;
}

/** The cache key of a condition: its SQL and parameters, as Postgres would receive them. */
export function countKey(db: Db, where: RawBuilder<SqlBool>): string {
  const compiled = where.compile(db);
  return JSON.stringify([compiled.sql, compiled.parameters]);
}

/**
 * The exact counts of the matches of `where`, or null when counting takes longer than
 * `timeoutMs` (the statement is then cancelled by the server, not left running).
 */
export async function exactCount(
  db: Db,
  where: RawBuilder<SqlBool>,
  timeoutMs: number,
): Promise<{ total: number; families: number } | null> {
  try {
    return await db.transaction().execute(async (transaction) => {
      await sql`SELECT set_config('statement_timeout', ${String(timeoutMs)}, true)`.execute(transaction);
      return countIn(transaction, 'patent_search', where);
    });
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) return null;
    throw error;
  }
}

/**
 * Honest counts of a search whose candidates filled the budget. The matches in a sample (one
 * family in `buckets`) scale to an estimate whose relative error falls with the square root of
 * the sampled families: with at least `minSampleFamilies` of them it is within a few percent, and
 * said to be an estimate. The samples are tried smallest first, so that a broad search reads few
 * rows. Fewer families in every sample mean few matches, which an exact count reads quickly; one
 * that still takes longer than `inlineExactMs` falls back to the largest sample's estimate,
 * marked as such.
 */
export async function countMatches(
  db: Db,
  where: RawBuilder<SqlBool>,
  tuning: CountingTuning = COUNTING,
  cache?: CountCache,
): Promise<MatchCount> {
  if (!cache) return countInSamples(db, where, tuning, () => undefined);
  const key = countKey(db, where);
  const cached = cache.get(key);
  if (cached) return cached;
  // The same search answered for several people at once is counted once.
  const inFlight = runningCounts.get(cache) ?? new Map<string, Promise<MatchCount>>();
  runningCounts.set(cache, inFlight);
  const running = inFlight.get(key);
  if (running) return running;
  const counting = countInSamples(db, where, tuning, (exact) => {
    // An exact count that came after the answer serves the next answers (and the "about N").
    cache.set(key, { ...exact, estimated: false });
  })
    .then((counted) => {
      cache.set(key, counted);
      return counted;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, counting);
  return counting;
}

/** The counts running now, by cache (one engine's) and condition. */
const runningCounts = new WeakMap<CountCache, Map<string, Promise<MatchCount>>>();

const waitAtMost = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    void promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
    );
  });

async function countInSamples(
  db: Db,
  where: RawBuilder<SqlBool>,
  tuning: CountingTuning,
  countedLater: (exact: { total: number; families: number }) => void,
): Promise<MatchCount> {
  let estimate: MatchCount | null = null;
  for (const sample of tuning.samples) {
    const sampled = await countIn(db, sample.table, where);
    estimate = {
      total: sampled.total * sample.buckets,
      families: sampled.families * sample.buckets,
      estimated: true,
    };
    if (sampled.families >= tuning.minSampleFamilies) return estimate;
  }
  // Few enough matches for a quick exact count: the answer waits for it (at most inlineExactMs).
  // More: the answer says the sample's estimate, and the exact count runs on, off the answer's
  // path (ADR 0118), for the next answers and the results page's "about N".
  const counting = exactCount(db, where, tuning.deferredExactMs);
  const small = (estimate?.families ?? 0) < tuning.exactBelowFamilies;
  const exact = small ? await waitAtMost(counting, tuning.inlineExactMs) : undefined;
  if (exact) return { ...exact, estimated: false };
  void counting.then(
    (later) => later && countedLater(later),
    () => undefined,
  );
  return estimate ?? { total: 0, families: 0, estimated: true };
}
