import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { QUERY_CANCELED } from './budget.js';
import { COUNTING, type CountingSample, type CountingTuning } from './plan.js';

/** How many patents and simple families match a search. */
export interface MatchCount {
  total: number;
  families: number;
  /** True when the counts are the sample's estimate rather than exact. */
  estimated: boolean;
}

/** A count as a search meets it: an estimate may come with the exact count still running. */
export interface CountInProgress extends MatchCount {
  /** The exact count begun beside the estimate (null when it ran past its allowance). */
  exact?: Promise<{ total: number; families: number } | null>;
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

/**
 * A count started now, beside the search's ranking (on another connection, so on the other core),
 * for the answer to ask for when its candidates filled the budget: a first search then waits for
 * the slower of the two, not for both. An exact count still running when the answer asks is
 * waited for `graceMs` at most, from that moment: the answer never waits for a long one (ADR
 * 0134). A count that fails fails only an answer that asks for it.
 */
export function countAhead(counting: Promise<CountInProgress>, graceMs: number): () => Promise<MatchCount> {
  counting.catch(() => undefined);
  return () => counting.then((counted) => settledCount(counted, graceMs));
}

/** The exact count when it ends within `graceMs`, the estimate otherwise. */
export async function settledCount(counted: CountInProgress, graceMs: number): Promise<MatchCount> {
  const { exact, ...estimate } = counted;
  const exactly = exact ? await waitAtMost(exact, graceMs) : undefined;
  return exactly ? { ...exactly, estimated: false } : estimate;
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
 * rows. With fewer families in every sample the estimate is rough: the exact count starts, and
 * comes with the largest sample's estimate for the answer to wait for briefly (`settledCount`)
 * when the estimate is small; it then runs on, off the answer's path, for the next answers.
 */
export async function countMatches(
  db: Db,
  where: RawBuilder<SqlBool>,
  tuning: CountingTuning = COUNTING,
  cache?: CountCache,
): Promise<CountInProgress> {
  if (!cache) return countInSamples(db, where, tuning, () => exactCount(db, where, tuning.deferredExactMs));
  const key = countKey(db, where);
  const cached = cache.get(key);
  if (cached) return cached;
  // The same search answered for several people at once is counted once.
  const inFlight = runningCounts.get(cache) ?? new Map<string, Promise<CountInProgress>>();
  runningCounts.set(cache, inFlight);
  const running = inFlight.get(key);
  if (running) return running;
  const counting = countInSamples(db, where, tuning, () =>
    exactCountOnce(db, where, tuning.deferredExactMs, cache),
  )
    .then((counted) => {
      const { exact: _running, ...count } = counted;
      // An exact count that ended first is not replaced by the estimate.
      if (cache.get(key)?.estimated !== false) cache.set(key, count);
      return counted;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, counting);
  return counting;
}

/**
 * The exact counts of `where` once per condition: those the cache holds, the count of them
 * already running (begun beside an answer, ADR 0118), or a new one, kept in the cache when it
 * ends, so that the results page's "about N" and the next answers say it.
 */
export function exactCountOnce(
  db: Db,
  where: RawBuilder<SqlBool>,
  timeoutMs: number,
  cache: CountCache,
): Promise<{ total: number; families: number } | null> {
  const key = countKey(db, where);
  const known = cache.get(key);
  if (known && !known.estimated) return Promise.resolve({ total: known.total, families: known.families });
  const inFlight =
    runningExactCounts.get(cache) ?? new Map<string, Promise<{ total: number; families: number } | null>>();
  runningExactCounts.set(cache, inFlight);
  const running = inFlight.get(key);
  if (running) return running;
  const counting = exactCount(db, where, timeoutMs)
    .then((exact) => {
      if (exact) cache.set(key, { ...exact, estimated: false });
      return exact;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, counting);
  return counting;
}

/** The counts running now, by cache (one engine's) and condition. */
const runningCounts = new WeakMap<CountCache, Map<string, Promise<CountInProgress>>>();
/** The exact counts running now, by cache and condition. */
const runningExactCounts = new WeakMap<
  CountCache,
  Map<string, Promise<{ total: number; families: number } | null>>
>();

async function countInSamples(
  db: Db,
  where: RawBuilder<SqlBool>,
  tuning: CountingTuning,
  startExact: () => Promise<{ total: number; families: number } | null>,
): Promise<CountInProgress> {
  let estimate: MatchCount = { total: 0, families: 0, estimated: true };
  for (const sample of tuning.samples) {
    const sampled = await countIn(db, sample.table, where);
    estimate = {
      total: sampled.total * sample.buckets,
      families: sampled.families * sample.buckets,
      estimated: true,
    };
    if (sampled.families >= tuning.minSampleFamilies) return estimate;
  }
  // Too few sampled families for a close estimate: the exact count runs (ADR 0118), for the next
  // answers and the results page's "about N". A small estimate, the roughest, is offered the exact
  // count if it ends within the answer's grace (ADR 0134).
  const counting = startExact();
  counting.catch(() => undefined);
  return estimate.families < tuning.exactBelowFamilies ? { ...estimate, exact: counting } : estimate;
}
