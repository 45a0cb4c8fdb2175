import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import type { ReactElement } from 'react';
import { AppError } from '../../shared/errors.js';
import type { JobSender, MailAttachment, MailContent, Mailer } from '../../shared/mail.js';
import type { Logger } from '../../shared/logger.js';
import type { ClaimedMail, Executor, MailRepo, SendOutcome } from './mail.repo.js';
import { renderEmail } from './templates/render.js';

export const MAIL_FLUSH_JOB = 'mail.flush';
/** Attempts before a message is given up (about 4 hours of retries, doubling from 30 s). */
const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/**
 * How long a claimed message waits before another flush may take it: far longer than a send
 * can last (integrations/mailer.ts's timeouts), so an attempt is only repeated after its flush died.
 */
export const MAIL_CLAIM_MS = 15 * 60_000;

/** A message a feature wants sent: its body is rendered to both parts when it is queued. */
export interface MailToSend
  extends Pick<MailContent, 'to' | 'subject'>, Partial<Pick<MailContent, 'headers' | 'attachments'>> {
  /**
   * One key per logical message (e.g. `digest:<uid>:<week>`): queuing it again does nothing,
   * and the Message-ID derives from it.
   */
  key: string;
  body: ReactElement;
}

export class OutboxMessageNotFoundError extends AppError {
  constructor() {
    super('MESSAGE_NOT_FOUND', 'No such message in the outbox.');
  }
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((object) => object.value.map((address) => address.address ?? '')).filter(Boolean);
}

/** The Message-ID of a logical message: the same for every attempt to send it. */
export function mailMessageId(key: string, host: string): string {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${host}>`;
}

const attachmentName = (filename: string | undefined, index: number) => filename ?? `attachment-${index + 1}`;

/** Outgoing mail, queued with what caused it and sent by flushes; the embedded SMTP store. */
export interface MailService {
  /** An absolute link into the product (mail clients have no base URL). */
  link(pathAndQuery: string): string;
  /**
   * Queues a message; answers false when its key was queued before. Within `executor` (a
   * transaction) the message commits with the event that caused it, and the caller calls
   * `flushSoon()` after the commit.
   */
  queue(mail: MailToSend, executor?: Executor): Promise<boolean>;
  flushSoon: () => Promise<void>;
  /**
   * Sends every due message, one at a time, until none is due or the worker stops: each is
   * claimed, sent after the claim commits, and its outcome recorded. Flushes may run at once.
   */
  flush(signal?: AbortSignal): Promise<{
    sent: number;
    failed: number;
  }>;
  /** The embedded SMTP server's store: keeps what it received, once per Message-ID. */
  receive(
    source: Buffer,
    envelope: {
      from: string;
      to: string[];
    },
  ): Promise<void>;
  listReceived(): Promise<
    {
      id: number;
      from: string;
      to: string[];
      subject: string;
      receivedAt: string;
    }[]
  >;
  /** A received message, parsed: both parts, its headers of interest and its attachments. */
  readReceived(id: number): Promise<{
    id: number;
    messageId: string;
    from: string;
    to: string[];
    subject: string;
    receivedAt: string;
    html: string | null;
    text: string | null;
    listUnsubscribe: string | null;
    attachments: {
      index: number;
      filename: string;
      contentType: string;
      size: number;
    }[];
  }>;
  receivedAttachment(id: number, index: number): Promise<MailAttachment>;
}

export function createMailService(deps: {
  repo: MailRepo;
  mailer: Mailer;
  from: string;
  publicUrl: string;
  jobs: JobSender;
  logger: Logger;
  now?: () => Date;
}): MailService {
  const { repo, mailer, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const host = new URL(deps.publicUrl).hostname;

  async function parsedReceived(id: number) {
    const row = await repo.findReceived(id);
    if (!row) throw new OutboxMessageNotFoundError();
    return Object.assign(await simpleParser(row.source), { row });
  }

  const messageIdFor = (key: string) => mailMessageId(key, host);

  /** Asks the worker to send what is due now; the minute schedule covers a lost nudge. */
  async function flushSoon(): Promise<void> {
    await deps.jobs.send(MAIL_FLUSH_JOB).catch((error: unknown) => {
      logger.warn({ err: error }, 'could not queue a mail flush; the next scheduled one sends it');
    });
  }

  /** One attempt at a claimed message: sent, or when to try again (null: given up). */
  async function sendClaimed({ mail: { key, ...content }, attempt }: ClaimedMail): Promise<SendOutcome> {
    try {
      await mailer.send({ ...content, messageId: messageIdFor(key), from: deps.from });
      return { sent: true };
    } catch (error) {
      const giveUp = attempt >= MAX_ATTEMPTS;
      logger.warn({ err: error, key, attempts: attempt, giveUp }, 'sending a message failed');
      const delay = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempt - 1));
      return {
        sent: false,
        error: error instanceof Error ? error.message : String(error),
        retryAt: giveUp ? null : new Date(now().getTime() + delay),
      };
    }
  }

  return {
    /** An absolute link into the product (mail clients have no base URL). */
    link(pathAndQuery: string): string {
      return new URL(pathAndQuery, deps.publicUrl).toString();
    },

    /**
     * Queues a message; answers false when its key was queued before. Within `executor` (a
     * transaction) the message commits with the event that caused it, and the caller calls
     * `flushSoon()` after the commit.
     */
    async queue({ body, ...mail }: MailToSend, executor?: Executor): Promise<boolean> {
      const queued = await repo.queue(
        {
          ...mail,
          headers: mail.headers ?? {},
          attachments: mail.attachments ?? [],
          ...(await renderEmail(body)),
        },
        executor,
      );
      if (queued && !executor) await flushSoon();
      return queued;
    },

    flushSoon,

    /**
     * Sends every due message, one at a time, until none is due or the worker stops: each is
     * claimed, sent after the claim commits, and its outcome recorded. Flushes may run at once.
     */
    async flush(signal?: AbortSignal): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      while (!signal?.aborted) {
        const claim = await repo.claimNextDue(MAIL_CLAIM_MS);
        if (!claim) break;
        const outcome = await sendClaimed(claim);
        if (outcome.sent) sent += 1;
        else failed += 1;
        await repo.recordOutcome(claim, outcome);
      }
      return { sent, failed };
    },

    /** The embedded SMTP server's store: keeps what it received, once per Message-ID. */
    async receive(source: Buffer, envelope: { from: string; to: string[] }): Promise<void> {
      const parsed = await simpleParser(source, { skipHtmlToText: true, skipTextToHtml: true });
      await repo.storeReceived({
        messageId: parsed.messageId ?? `<${createHash('sha256').update(source).digest('hex')}@local>`,
        from: envelope.from || addresses(parsed.from)[0] || '',
        to: envelope.to.length > 0 ? envelope.to : addresses(parsed.to),
        subject: parsed.subject ?? '',
        source,
      });
    },

    async listReceived() {
      const rows = await repo.listReceived(200);
      return rows.map((row) => ({
        id: row.id,
        from: row.from_address,
        to: row.to_addresses,
        subject: row.subject,
        receivedAt: new Date(row.received_at).toISOString(),
      }));
    },

    /** A received message, parsed: both parts, its headers of interest and its attachments. */
    async readReceived(id: number) {
      const parsed = await parsedReceived(id);
      const { row } = parsed;
      const unsubscribe = parsed.headerLines.find((line) => line.key === 'list-unsubscribe');
      return {
        id: row.id,
        messageId: row.message_id,
        from: parsed.from?.text ?? row.from_address,
        to: row.to_addresses,
        subject: row.subject,
        receivedAt: new Date(row.received_at).toISOString(),
        html: typeof parsed.html === 'string' ? parsed.html : null,
        text: parsed.text ?? null,
        listUnsubscribe: unsubscribe
          ? unsubscribe.line.slice(unsubscribe.line.indexOf(':') + 1).trim()
          : null,
        attachments: parsed.attachments.map((attachment, index) => ({
          index,
          filename: attachmentName(attachment.filename, index),
          contentType: attachment.contentType,
          size: attachment.size,
        })),
      };
    },

    async receivedAttachment(id: number, index: number): Promise<MailAttachment> {
      const attachment = (await parsedReceived(id)).attachments[index];
      if (!attachment) throw new OutboxMessageNotFoundError();
      return {
        filename: attachmentName(attachment.filename, index),
        contentType: attachment.contentType,
        content: attachment.content,
      };
    },
  };
}
