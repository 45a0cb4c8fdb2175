import { sql, type Kysely, type SqlBool } from 'kysely';
import { type Db, type Database } from '@patentscout/db';
import type { MailContent } from '../../shared/mail.js';

/** A database or a transaction: a message is queued in the transaction of the event causing it. */
export type Executor = Kysely<Database>;

/** A message as queued: its content and its one key per logical message. */
export interface QueuedMail extends MailContent {
  key: string;
}

/** A due message claimed for one attempt: `attempt` counts this one (1 for the first). */
export interface ClaimedMail {
  id: number;
  attempt: number;
  mail: QueuedMail;
}

export type SendOutcome = { sent: true } | { sent: false; error: string; retryAt: Date | null };

/** The mail's SQL: the outbox queue and the messages the embedded SMTP server received. */
export interface MailRepo {
  /** Inserts the message unless its key is already queued; answers whether it was new. */
  queue(mail: QueuedMail, executor?: Executor): Promise<boolean>;
  /**
   * Claims the next due message for one attempt, in one short statement: its next attempt moves
   * `claimMs` ahead, so no other flush sees it due meanwhile, and a claim whose holder died
   * expires by itself (the message is then sent again, under the same Message-ID). The send
   * happens after this commits: a slow relay holds no transaction open.
   */
  claimNextDue(claimMs: number): Promise<ClaimedMail | undefined>;
  /**
   * Records how a claimed attempt went; answers false, recording nothing, when the claim had
   * expired and a later claim owns the message (its own outcome counts).
   */
  recordOutcome(claim: ClaimedMail, outcome: SendOutcome): Promise<boolean>;
  /** Stores a message the embedded SMTP server received; a resent message is stored once. */
  storeReceived(message: {
    messageId: string;
    from: string;
    to: string[];
    subject: string;
    source: Buffer;
  }): Promise<void>;
  listReceived(limit: number): Promise<
    {
      id: number;
      subject: string;
      message_id: string;
      from_address: string;
      to_addresses: string[];
      received_at: Date;
    }[]
  >;
  findReceived(id: number): Promise<
    | {
        id: number;
        subject: string;
        message_id: string;
        from_address: string;
        to_addresses: string[];
        source: Buffer<ArrayBufferLike>;
        received_at: Date;
      }
    | undefined
  >;
}

export function createMailRepo(db: Db): MailRepo {
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
     * Claims the next due message for one attempt, in one short statement: its next attempt moves
     * `claimMs` ahead, so no other flush sees it due meanwhile, and a claim whose holder died
     * expires by itself (the message is then sent again, under the same Message-ID). The send
     * happens after this commits: a slow relay holds no transaction open.
     */
    async claimNextDue(claimMs: number): Promise<ClaimedMail | undefined> {
      const row = await db
        .updateTable('mail_messages')
        .set({
          attempts: sql`attempts + 1`,
          next_attempt_at: sql`now() + make_interval(secs => ${claimMs / 1000})`,
        })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('mail_messages')
            .select('id')
            .where('status', '=', 'pending')
            .where(sql<SqlBool>`next_attempt_at <= now()`)
            .orderBy('next_attempt_at')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      const attachments = await db
        .selectFrom('mail_attachments')
        .select(['filename', 'content_type', 'content'])
        .where('message_id', '=', row.id)
        .orderBy('position')
        .execute();
      return {
        id: row.id,
        attempt: row.attempts,
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
      };
    },

    /**
     * Records how a claimed attempt went; answers false, recording nothing, when the claim had
     * expired and a later claim owns the message (its own outcome counts).
     */
    async recordOutcome(claim: ClaimedMail, outcome: SendOutcome): Promise<boolean> {
      const update = db
        .updateTable('mail_messages')
        .where('id', '=', claim.id)
        .where('attempts', '=', claim.attempt)
        .where('status', '=', 'pending');
      const change = outcome.sent
        ? { status: 'sent' as const, sent_at: new Date(), last_error: null }
        : outcome.retryAt
          ? { last_error: outcome.error, next_attempt_at: outcome.retryAt }
          : { status: 'failed' as const, last_error: outcome.error };
      const result = await update.set(change).executeTakeFirst();
      return result.numUpdatedRows > 0n;
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
