import { sql, type Kysely } from 'kysely';

/**
 * Run state of the Lens API fetches (the scheduled re-index and `index fetch`): each run records
 * the publication date it fetched from, so the next one starts where the last successful one
 * did. Also an index of the patents still waiting for AI text, which the enrichment job walks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('index_runs')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('query', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('published_since', 'date', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status IN ('running', 'succeeded', 'failed', 'interrupted')`),
    )
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('read', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('inserted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
  await sql`CREATE INDEX index_runs_query_status_idx ON index_runs (query, status, started_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX patents_without_ai_text_idx ON patents (lens_id) WHERE ai_generated_at IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS patents_without_ai_text_idx`.execute(db);
  await db.schema.dropTable('index_runs').ifExists().execute();
}
