import { sql, type Kysely } from 'kysely';

/**
 * E-mail. `mail_messages` is what the product decided to send, one row per logical message
 * (its idempotency key is unique), written in the transaction of the event that causes it and
 * sent afterwards by the `mail.flush` job, so a crash loses nothing. `outbox` is what the
 * embedded SMTP server received: the dev mailbox and the tests read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('headers', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await sql`CREATE INDEX mail_messages_due_idx ON mail_messages (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('mail_attachments')
    .addColumn('message_id', 'bigint', (col) =>
      col.notNull().references('mail_messages.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('content', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('mail_attachments_pkey', ['message_id', 'position'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('message_id', 'text', (col) => col.notNull().unique())
    .addColumn('from_address', 'text', (col) => col.notNull())
    .addColumn('to_addresses', sql`text[]`, (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('source', 'bytea', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX outbox_to_idx ON outbox USING gin (to_addresses)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox').ifExists().execute();
  await db.schema.dropTable('mail_attachments').ifExists().execute();
  await db.schema.dropTable('mail_messages').ifExists().execute();
}
