import { sql, type Kysely, type SqlBool } from 'kysely';
import { type Db, type Database } from '@patentscout/db';
import type { MailAttachment } from '../../shared/mail.js';

/** A database or a transaction: a message is queued in the transaction of the event causing it. */
export type Executor = Kysely<Database>;

export interface QueuedMail {
  key: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  attachments: MailAttachment[];
}

export function createMailRepo(db: Db) {
  return {
    /** Inserts the message unless its key is already queued; answers whether it was new. */
    async queue(mail: QueuedMail, executor: Executor = db): Promise<boolean> {
      const inserted = await executor
        .insertInto('mail_messages')
        .values({
          idempotency_key: mail.key,
          to_address: mail.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          headers: JSON.stringify(mail.headers),
        })
        .onConflict((conflict) => conflict.column('idempotency_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      if (mail.attachments.length > 0) {
        await executor
          .insertInto('mail_attachments')
          .values(
            mail.attachments.map((attachment, position) => ({
              message_id: inserted.id,
              position,
              filename: attachment.filename,
              content_type: attachment.contentType,
              content: attachment.content,
            })),
          )
          .execute();
      }
      return true;
    },

    /**
     * Runs `send` on the next due message while holding its row lock, then records the outcome
     * in the same transaction: two workers never send one message, and a crash before the commit
     * leaves it pending (sent again later with the same Message-ID). Answers false when none is due.
     */
    async withNextDue(
      send: (message: {
        id: number;
        key: string;
        mail: QueuedMail;
        attempts: number;
      }) => Promise<{ sent: true } | { sent: false; error: string; retryAt: Date | null }>,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('mail_messages')
          .selectAll()
          .where('status', '=', 'pending')
          .where(sql<SqlBool>`next_attempt_at <= now()`)
          .orderBy('next_attempt_at')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return false;
        const attachments = await trx
          .selectFrom('mail_attachments')
          .select(['filename', 'content_type', 'content'])
          .where('message_id', '=', row.id)
          .orderBy('position')
          .execute();
        const outcome = await send({
          id: row.id,
          key: row.idempotency_key,
          attempts: row.attempts,
          mail: {
            key: row.idempotency_key,
            to: row.to_address,
            subject: row.subject,
            html: row.html,
            text: row.text,
            headers: row.headers,
            attachments: attachments.map((attachment) => ({
              filename: attachment.filename,
              contentType: attachment.content_type,
              content: attachment.content,
            })),
          },
        });
        const attempts = row.attempts + 1;
        const update = trx.updateTable('mail_messages').where('id', '=', row.id);
        if (outcome.sent) {
          await update.set({ status: 'sent', sent_at: new Date(), attempts, last_error: null }).execute();
        } else if (outcome.retryAt) {
          await update
            .set({ attempts, last_error: outcome.error, next_attempt_at: outcome.retryAt })
            .execute();
        } else {
          await update.set({ status: 'failed', attempts, last_error: outcome.error }).execute();
        }
        return true;
      });
    },

    /** Stores a message the embedded SMTP server received; a resent message is stored once. */
    async storeReceived(message: {
      messageId: string;
      from: string;
      to: string[];
      subject: string;
      source: Buffer;
    }) {
      await db
        .insertInto('outbox')
        .values({
          message_id: message.messageId,
          from_address: message.from,
          to_addresses: message.to,
          subject: message.subject,
          source: message.source,
        })
        .onConflict((conflict) => conflict.column('message_id').doNothing())
        .execute();
    },

    async listReceived(limit: number) {
      return db
        .selectFrom('outbox')
        .select(['id', 'message_id', 'from_address', 'to_addresses', 'subject', 'received_at'])
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async findReceived(id: number) {
      return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}

export type MailRepo = ReturnType<typeof createMailRepo>;
