import { sql, type Kysely } from 'kysely';

/**
 * First-party page views: one row per route change. The user is kept only while the account
 * exists (a purged account leaves anonymous views behind).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('page_views')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('referrer', 'text')
    .addColumn('user_uid', 'text', (col) => col.references('users.uid').onDelete('set null'))
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('viewed_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('page_views_viewed_at_idx').on('page_views').column('viewed_at').execute();
  await db.schema.createIndex('page_views_user_uid_idx').on('page_views').column('user_uid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('page_views').ifExists().execute();
}
