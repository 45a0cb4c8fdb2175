import { sql, type Kysely } from 'kysely';

/**
 * Result maps (ADR 0179): an answer's map (its families' places, regions and their words) kept
 * once drawn, keyed by what it is drawn from (the answer's families in order and the query), so
 * that a replay, a shared link or a collection's page reads it instead of laying it out again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('result_maps')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('layout', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX result_maps_created_at_idx ON result_maps (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('result_maps').ifExists().execute();
}
