import type { Db } from '@patentscout/db';
import type { ColumnType, Generated } from 'kysely';
import type { IndexCounts } from '../pipeline.js';

/** The `index_runs` table (migration 20261122T0600-index-runs), known to the indexer only. */
interface IndexRunsTable {
  id: Generated<number>;
  query: string;
  published_since: ColumnType<string, string, string>;
  status: 'running' | 'succeeded' | 'failed' | 'interrupted';
  started_at: Generated<Date>;
  finished_at: Date | null;
  read: Generated<number>;
  inserted: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  error: string | null;
}

const withRuns = (db: Db) => db.withTables<{ index_runs: IndexRunsTable }>();

/** A date as YYYY-MM-DD in UTC. */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Where the next fetch of `query` starts: the day the last successful run of it started, so that
 * whatever was published since (that day included: a re-fetch changes nothing) is fetched.
 */
export async function lastSuccessfulRunDay(db: Db, query: string): Promise<string | undefined> {
  const run = await withRuns(db)
    .selectFrom('index_runs')
    .select('started_at')
    .where('query', '=', query)
    .where('status', '=', 'succeeded')
    .orderBy('started_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return run ? isoDay(run.started_at) : undefined;
}

export async function startIndexRun(db: Db, query: string, publishedSince: string): Promise<number> {
  const run = await withRuns(db)
    .insertInto('index_runs')
    .values({ query, published_since: publishedSince, status: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return run.id;
}

export async function finishIndexRun(
  db: Db,
  id: number,
  outcome: { status: 'succeeded' | 'failed' | 'interrupted'; counts: IndexCounts; error?: string },
): Promise<void> {
  const { read, inserted, updated, skipped } = outcome.counts;
  await withRuns(db)
    .updateTable('index_runs')
    .set({
      status: outcome.status,
      finished_at: new Date(),
      read,
      inserted,
      updated,
      skipped,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}
