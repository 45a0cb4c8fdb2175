import { sql, type Kysely } from 'kysely';
import type { Database } from '../tables.js';
import { rowsInRankOrder } from './rank-order.js';

interface TableObject {
  name: string;
  definition: string;
}

/** A stopwatch of consecutive phases. */
export function laps(): () => number {
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
export async function refillSearchTable(
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
export async function analyzeSearchTable(db: Kysely<Database>): Promise<void> {
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
