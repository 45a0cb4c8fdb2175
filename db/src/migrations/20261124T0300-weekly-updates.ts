import { sql, type Kysely } from 'kysely';

/**
 * Weekly updates: the searches users subscribed to (one per distinct search and user), with the
 * last week a digest covered them; and server secrets made once and kept (the unsubscribe links'
 * signing key, when `APP_SECRET` does not give one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('user_uid', 'text', (col) => col.notNull().references('users.uid').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind IN ('ai', 'boolean')`))
    .addColumn('query', 'text', (col) => col.notNull())
    .addColumn('filters', 'jsonb', (col) => col.notNull())
    .addColumn('address', 'text', (col) => col.notNull())
    .addColumn('search_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_digest_week', 'date')
    .addColumn('last_sent_at', 'timestamptz')
    .addUniqueConstraint('saved_searches_user_search_key', ['user_uid', 'search_key'])
    .execute();

  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_secrets').ifExists().execute();
  await db.schema.dropTable('saved_searches').ifExists().execute();
}
