import { sql, type Kysely } from 'kysely';

/**
 * One-shot deep searches (a request, its state and its PDF report), and what previous searches
 * need of a search event: the request as the user gave it (to run it again) and a key of the
 * search (a repeat within a day costs no credit). One-shot requests count as search events too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oneshot_requests')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('queued')
        .check(sql`status IN ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('families', 'integer')
    .addColumn('report', 'bytea')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX oneshot_requests_user_idx ON oneshot_requests (user_uid, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX oneshot_requests_unfinished_idx ON oneshot_requests (updated_at) WHERE status IN ('queued', 'running')`.execute(
    db,
  );

  await sql`ALTER TABLE search_events DROP CONSTRAINT IF EXISTS search_events_kind_check`.execute(db);
  await sql`ALTER TABLE search_events ADD CONSTRAINT search_events_kind_check CHECK (kind IN ('ai', 'boolean', 'oneshot'))`.execute(
    db,
  );
  await db.schema.alterTable('search_events').addColumn('request', 'jsonb').execute();
  await db.schema.alterTable('search_events').addColumn('search_key', 'text').execute();
  await sql`CREATE INDEX search_events_user_key_idx ON search_events (user_uid, search_key, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS search_events_user_key_idx`.execute(db);
  await db.schema.alterTable('search_events').dropColumn('search_key').execute();
  await db.schema.alterTable('search_events').dropColumn('request').execute();
  await db.schema.dropTable('oneshot_requests').ifExists().execute();
}
