import { sql } from 'kysely';
import type { Db } from '../client.js';

/** The indexer's job that derives the corpus's meaning (the server only watches it). */
export const MEANING_JOB = 'indexer.meaning';

/**
 * How far the corpus's meaning goes: `ready` when every patent has its vector; `building` while a
 * meaning run is under way, or while some patents have theirs and others not yet (patents that
 * arrived since a run: the next run, every minute, gives them theirs, and AI search finds the
 * others by meaning meanwhile); `missing` when no patent has one and no run is under way.
 */
export interface MeaningCoverage {
  state: 'ready' | 'building' | 'missing';
  /** The method that made the stored vectors (`words`, `openai:<model>`); null before any build. */
  method: string | null;
  /** Patents in the corpus. */
  patents: number;
  /** Patents with their meaning (a vector). */
  embedded: number;
}

/** Two counts (a second or so at a million patents: callers keep the answer a while). */
export async function readMeaningCoverage(db: Db): Promise<MeaningCoverage> {
  const { rows } = await sql<{ patents: number; embedded: number; method: string | null; running: boolean }>`
    SELECT (SELECT count(*)::int FROM patents) AS patents,
      (SELECT count(*)::int FROM patent_vectors) AS embedded,
      (SELECT method FROM meaning_model WHERE id = 1) AS method,
      -- pg-boss 10's table: the server starts pg-boss before it asks.
      EXISTS (SELECT 1 FROM pgboss.job WHERE name = ${MEANING_JOB} AND state = 'active') AS running`.execute(
    db,
  );
  const row = rows[0]!;
  const embedded = Math.min(row.embedded, row.patents);
  const state = embedded >= row.patents ? 'ready' : row.running || embedded > 0 ? 'building' : 'missing';
  return { state, method: row.method, patents: row.patents, embedded };
}
