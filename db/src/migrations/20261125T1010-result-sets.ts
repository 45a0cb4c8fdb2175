import { sql, type Kysely } from 'kysely';

/**
 * Stored result sets: a search's answer kept by id, as the ranked lens ids with its counts, so
 * that a reload, a shared link or the same search again within a day replays it without
 * searching (and without counting a search). The display fields are read again on replay. Like
 * search events, a set has no key to `users` (a search may come before the account row); the
 * account purge removes a user's sets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('search_result_sets')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_uid', 'text', (col) => col.notNull())
    .addColumn('search_key', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('request', 'jsonb', (col) => col.notNull())
    .addColumn('lens_ids', sql`text[]`, (col) => col.notNull())
    .addColumn('total', 'integer', (col) => col.notNull())
    .addColumn('families', 'integer', (col) => col.notNull())
    .addColumn('estimated', 'boolean', (col) => col.notNull())
    .addColumn('explanation', 'jsonb')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX search_result_sets_repeat_idx ON search_result_sets (user_uid, search_key, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX search_result_sets_created_at_idx ON search_result_sets (created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('search_result_sets').ifExists().execute();
}
