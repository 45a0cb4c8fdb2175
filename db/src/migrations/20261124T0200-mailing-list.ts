import { sql, type Kysely } from 'kysely';

/** The waiting lists users join (the previous-searches list first): one row per address and list. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mailing_list')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('mailing_list_pkey', ['email', 'list'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mailing_list').ifExists().execute();
}
