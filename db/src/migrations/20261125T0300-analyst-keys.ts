import { sql, type Kysely } from 'kysely';

/**
 * Internal analysts: an `analyst` flag on the account and their personal API keys (only the
 * SHA-256 of a key is stored; the key itself is shown once). Also the indexes the analytics
 * aggregates read by time: search events, sign-ups and Stripe events by date. The covering
 * search-event index lets a day or week histogram by kind be answered from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('analyst', 'boolean', (col) => col.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable('analyst_keys')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('label', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX analyst_keys_user_uid_idx ON analyst_keys (user_uid)`.execute(db);
  await sql`CREATE INDEX search_events_created_at_idx ON search_events (created_at) INCLUDE (kind, user_uid)`.execute(
    db,
  );
  await sql`CREATE INDEX users_created_at_idx ON users (created_at)`.execute(db);
  await sql`CREATE INDEX stripe_events_processed_at_idx ON stripe_events (processed_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS stripe_events_processed_at_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS users_created_at_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS search_events_created_at_idx`.execute(db);
  await db.schema.dropTable('analyst_keys').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('analyst').execute();
}
