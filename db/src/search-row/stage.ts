import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../tables.js';
import { addSearchWords, buildDeferredSearchRows, wordsOf, type SearchRowBuild } from './build.js';
import { STAGE_CHUNK } from './rank-order.js';

const STAGING_PREFIX = 'patent_search_staged_';

export interface SearchRowStager {
  /** Patents just committed with deferred search rows: their rows are computed in the background. */
  add(lensIds: readonly string[]): void;
  /** Waits for the background work and builds every missing search row. */
  finish(): Promise<SearchRowBuild>;
}

/**
 * For loads whose batches commit one by one: computes the search rows of committed batches on a
 * connection of its own while the load goes on (the load leaves a core partly idle), into an
 * unlogged table without indexes, so the final build has less left to do. The table is named
 * after the staging connection's backend; one left by a crashed run is dropped by the next.
 */
export async function stageSearchRows(db: Kysely<Database>): Promise<SearchRowStager> {
  const queue: string[] = [];
  let wake: (() => void) | undefined;
  let finishing = false;
  let ready: (table: string) => void = () => undefined;
  const tableReady = new Promise<string>((resolve) => (ready = resolve));

  const pump = db.connection().execute(async (connection) => {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(connection);
    const table = `${STAGING_PREFIX}${rows[0]?.pid ?? 0}`;
    await dropAbandonedStagingTables(connection);
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(connection);
    // Autovacuum would analyse it again and again as it grows, for no query.
    await sql`CREATE UNLOGGED TABLE ${sql.table(table)} (LIKE patent_search) WITH (autovacuum_enabled = false)`.execute(
      connection,
    );
    ready(table);
    for (;;) {
      if (queue.length === 0) {
        if (finishing) return;
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      const chunk = queue.splice(0, STAGE_CHUNK);
      // One statement: a staged row never lacks its words, should the load stop between two.
      await sql`
        WITH staged AS (
          INSERT INTO ${sql.table(table)}
          SELECT (patent_search_row(p)).* FROM patents p WHERE p.lens_id = ANY (${chunk}::text[])
            AND NOT EXISTS (SELECT 1 FROM patent_search s WHERE s.lens_id = p.lens_id)
          RETURNING lens_id)
        ${addSearchWords(wordsOf(sql<SqlBool>`p.lens_id IN (SELECT lens_id FROM staged)`))}`.execute(
        connection,
      );
    }
  });
  // Surface a failure of the staging connection at finish, not as an unhandled rejection.
  const pumped = pump.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  const table = await Promise.race([tableReady, pumped.then((failure) => Promise.reject(failure?.error))]);

  return {
    add(lensIds) {
      if (finishing) return;
      queue.push(...lensIds);
      if (queue.length >= STAGE_CHUNK) wake?.();
    },
    async finish() {
      // What is still queued is left to the final build's parallel workers.
      finishing = true;
      queue.length = 0;
      wake?.();
      const failure = await pumped;
      try {
        if (failure) throw failure.error;
        return await buildDeferredSearchRows(db, table);
      } finally {
        await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
      }
    },
  };
}

async function dropAbandonedStagingTables(connection: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ relname: string }>`
    SELECT c.relname FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
      AND c.relname ~ ${`^${STAGING_PREFIX}[0-9]+$`}
      AND substr(c.relname, ${STAGING_PREFIX.length + 1})::int NOT IN (SELECT pid FROM pg_stat_activity)`.execute(
    connection,
  );
  for (const { relname } of rows) await sql`DROP TABLE IF EXISTS ${sql.table(relname)}`.execute(connection);
}
