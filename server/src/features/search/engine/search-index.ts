import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/tables.js';
import { REINDEX_SHARE, STAGE_CHUNK } from './plan.js';
import { inRankOrder, rowsInRankOrder } from './row-order.js';

/**
 * The bulk-load contract of the search index (migration 20261122T0700-bulk-search-rows): a
 * writing transaction may defer the search rows of the patents it inserts, and the loader adds
 * them afterwards, set-based. Row by row, the trigger spends most of a load's database time;
 * set-based, the rows are computed while the load runs (or by parallel workers at its end) and
 * the indexes are built once, sorted.
 */
export async function deferSearchRows(transaction: Kysely<Database>): Promise<void> {
  await sql`SET LOCAL patentscout.search_rows = 'deferred'`.execute(transaction);
}

export interface SearchRowBuild {
  /** Search rows added. */
  built: number;
  /** Whether the secondary indexes were dropped and built again (a load larger than half the index). */
  reindexed: boolean;
  /** Rows computed beside the load, before the final build. */
  stagedAhead: number;
  /** Where the final build spent its time: computing the rest, inserting, building indexes. */
  phasesMs: { compute: number; insert: number; index: number };
  elapsedMs: number;
}

const STAGING_PREFIX = 'patent_search_staged_';

interface TableObject {
  name: string;
  definition: string;
}

/** A stopwatch of consecutive phases. */
function laps(): () => number {
  let mark = performance.now();
  return () => {
    const now = performance.now();
    const ms = now - mark;
    mark = now;
    return ms;
  };
}

/**
 * Empties the search table and fills it again with the rows of `tables` (which must hold every
 * row to keep), sorted, with its keys and indexes built afterwards. In a table emptied in the
 * same transaction Postgres writes no WAL (wal_level minimal, as the embedded server runs) and
 * checks no key per row; a sorted index build is far cheaper than a million index insertions.
 */
async function refillSearchTable(
  transaction: Kysely<Database>,
  tables: readonly string[],
): Promise<{ inserted: number; insertMs: number; indexMs: number }> {
  const lap = laps();
  const constraints = await sql<TableObject>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = 'patent_search'::regclass AND contype IN ('p', 'u', 'f')
    ORDER BY contype DESC, conname`.execute(transaction);
  const indexes = await sql<TableObject>`
    SELECT indexname AS name, indexdef AS definition FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'patent_search'
      AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'patent_search'::regclass)
    ORDER BY indexname`.execute(transaction);
  for (const constraint of [...constraints.rows].reverse()) {
    await sql`ALTER TABLE patent_search DROP CONSTRAINT ${sql.id(constraint.name)}`.execute(transaction);
  }
  for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(transaction);
  await sql`TRUNCATE patent_search`.execute(transaction);
  await sql`SET LOCAL enable_hashjoin = off`.execute(transaction);
  await sql`SET LOCAL enable_mergejoin = off`.execute(transaction);
  const inserted = await sql`INSERT INTO patent_search ${rowsInRankOrder(tables)}`.execute(transaction);
  // The foreign key's check below is a join of a million rows.
  await sql`SET LOCAL enable_hashjoin TO DEFAULT`.execute(transaction);
  await sql`SET LOCAL enable_mergejoin TO DEFAULT`.execute(transaction);
  const insertMs = lap();
  // Primary key first: the foreign key and nothing else depend on it.
  for (const constraint of constraints.rows) {
    await sql`ALTER TABLE patent_search ADD CONSTRAINT ${sql.id(constraint.name)} ${sql.raw(constraint.definition)}`.execute(
      transaction,
    );
  }
  for (const index of indexes.rows) await sql.raw(index.definition).execute(transaction);
  return { inserted: Number(inserted.numAffectedRows ?? 0), insertMs, indexMs: lap() };
}

/**
 * ANALYZE samples 300 rows per unit of the largest statistics target among the columns it
 * analyses. `text_vector`'s target of 2,000 (the word frequencies term-stats reads) means 600,000
 * rows: fine for that column, wasted on the other twenty. Analysed apart, they use the default
 * sample (a million patents: 40 s in one statement, 11 s in two).
 */
async function analyzeSearchTable(db: Kysely<Database>): Promise<void> {
  const { rows } = await sql<{ name: string; raised: boolean }>`
    SELECT attname AS name, coalesce(attstattarget, -1) > 0 AS raised FROM pg_attribute
    WHERE attrelid = 'patent_search'::regclass AND attnum > 0 AND NOT attisdropped
    ORDER BY attnum`.execute(db);
  const raised = rows.filter((column) => column.raised).map((column) => [column.name]);
  const others = rows.filter((column) => !column.raised).map((column) => column.name);
  for (const columns of [...raised, others]) {
    if (columns.length > 0)
      await sql`ANALYZE patent_search (${sql.join(columns.map((column) => sql.id(column)))})`.execute(db);
  }
}

/**
 * The vocabulary of wildcards (migration 20261125T1100-search-words) gains the `words` of new
 * patents, as the triggers add those of other writes (`add_search_words`, one sorted INSERT). Parsing
 * the text costs most of what computing the row does, so it runs where the rows are computed:
 * beside the load, or by the final build's parallel workers.
 */
const addSearchWords = (words: RawBuilder<unknown>) => sql`SELECT add_search_words(ARRAY(${words}))`;

const wordsOf = (patents: RawBuilder<SqlBool>) =>
  sql`SELECT DISTINCT unnest(patent_words(p.title, p.abstract, p.claims)) AS word FROM patents p WHERE ${patents}`;

/**
 * Adds the search rows that deferred inserts left out (and those computed ahead into `staged`),
 * in static-rank order, so that a scan that stops early meets the best candidates first. Runs in
 * the caller's transaction when given one, otherwise in its own, so the index is never seen
 * half-built. Writers to the search table wait while it runs; a large build (more new rows than
 * half the index) rebuilds the table and its indexes, and searches wait too.
 */
export async function buildDeferredSearchRows(
  db: Kysely<Database>,
  staged?: string,
): Promise<SearchRowBuild> {
  const started = performance.now();
  const build = async (transaction: Kysely<Database>): Promise<SearchRowBuild> => {
    const lap = laps();
    await sql`SET LOCAL work_mem = '256MB'`.execute(transaction);
    await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(transaction);
    // No trigger may add a row between the computing below and the insert.
    await sql`LOCK TABLE patent_search IN SHARE ROW EXCLUSIVE MODE`.execute(transaction);
    if (staged) {
      // A patent updated since its row was staged has had its row written by the trigger: keep that one.
      await sql`DELETE FROM ${sql.table(staged)} t USING patent_search s WHERE t.lens_id = s.lens_id`.execute(
        transaction,
      );
    }
    const stagedRows = staged
      ? sql`SELECT * FROM ${sql.table(staged)}`
      : sql`SELECT * FROM patent_search WHERE false`;
    const notStaged = staged
      ? sql`AND NOT EXISTS (SELECT 1 FROM ${sql.table(staged)} t WHERE t.lens_id = p.lens_id)`
      : sql``;
    // Computing rows (the tsvectors above all) is the expensive part: CREATE TABLE AS lets
    // parallel workers share what was not computed ahead. Dropped at commit.
    const unindexed = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM patent_search s WHERE s.lens_id = p.lens_id) ${notStaged}`;
    await sql`
      CREATE TEMPORARY TABLE deferred_search_rows ON COMMIT DROP AS
      SELECT (patent_search_row(p)).* FROM patents p WHERE ${unindexed}`.execute(transaction);
    const counts = await sql<{ computed: number; staged: number; indexed: number }>`
      SELECT (SELECT count(*) FROM deferred_search_rows)::int AS computed, (SELECT count(*) FROM (${stagedRows}) t)::int AS staged,
             (SELECT count(*) FROM patent_search)::int AS indexed`.execute(transaction);
    const { computed = 0, staged: stagedAhead = 0, indexed = 0 } = counts.rows[0] ?? {};
    if (computed > 0) {
      // An INSERT is planned without parallel workers. The staged rows' words came with them.
      await sql`CREATE TEMPORARY TABLE deferred_search_words ON COMMIT DROP AS ${wordsOf(unindexed)}`.execute(
        transaction,
      );
      await addSearchWords(sql`SELECT word FROM deferred_search_words`).execute(transaction);
    }
    const pending = computed + stagedAhead;
    const compute = lap();
    if (pending === 0)
      return {
        built: 0,
        reindexed: false,
        stagedAhead,
        phasesMs: { compute, insert: 0, index: 0 },
        elapsedMs: performance.now() - started,
      };

    const newRows = sql`SELECT * FROM deferred_search_rows UNION ALL ${stagedRows}`;
    if (pending > indexed * REINDEX_SHARE) {
      // The rows already indexed join the new ones, to be stored again in one rank order.
      if (indexed > 0)
        await sql`INSERT INTO deferred_search_rows SELECT * FROM patent_search`.execute(transaction);
      const copyMs = lap();
      const { inserted, insertMs, indexMs } = await refillSearchTable(
        transaction,
        staged ? ['deferred_search_rows', staged] : ['deferred_search_rows'],
      );
      lap(); // the refill timed its own phases
      await analyzeSearchTable(transaction);
      const phasesMs = { compute, insert: copyMs + insertMs, index: indexMs + lap() };
      return {
        built: inserted - indexed,
        reindexed: true,
        stagedAhead,
        phasesMs,
        elapsedMs: performance.now() - started,
      };
    }
    const inserted = await sql`
      INSERT INTO patent_search ${inRankOrder(newRows)}
      ON CONFLICT (lens_id) DO NOTHING`.execute(transaction);
    const insert = lap();
    await analyzeSearchTable(transaction);
    const phasesMs = { compute, insert, index: lap() };
    return {
      built: Number(inserted.numAffectedRows ?? 0),
      reindexed: false,
      stagedAhead,
      phasesMs,
      elapsedMs: performance.now() - started,
    };
  };
  return db.isTransaction ? build(db) : db.transaction().execute(build);
}

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
