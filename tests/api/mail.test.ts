import { sql } from 'kysely';
import {
  EmailLayout,
  createMailRepo,
  createMailService,
  MAIL_CLAIM_MS,
  mailMessageId,
} from '@patentscout/server/testing/internals';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '@patentscout/server/integrations/mailer';
import { createLogger } from '@patentscout/platform';
import type { Mailer } from '@patentscout/server/shared/mail';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const body = (text: string) =>
  createElement(
    EmailLayout,
    { preview: text, publicUrl: app.config.http.publicUrl, reason: 'You asked for this test message.' },
    createElement('a', { href: `${app.config.http.publicUrl}/patents/abc` }, text),
  );

const messageRow = (key: string) =>
  app.database.db
    .selectFrom('mail_messages')
    .select(['status', 'attempts', 'last_error'])
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** As if the claim's time had passed: the message is due again. */
const expireClaim = (key: string) =>
  app.database.db
    .updateTable('mail_messages')
    .set({ next_attempt_at: sql`now()` })
    .where('idempotency_key', '=', key)
    .execute();

async function outboxFor(to: string, atLeast = 1): Promise<{ id: number; subject: string }[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { body: listed } = await call(app.baseUrl, 'GET', '/dev/outbox');
    const mine = (listed.messages as { id: number; to: string[]; subject: string }[]).filter((message) =>
      message.to.includes(to),
    );
    if (mine.length >= atLeast || Date.now() > deadline) return mine;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('mail', () => {
  it('sends a queued message over SMTP to the outbox, with both parts, absolute links and its attachment', async () => {
    const to = `reader-${Date.now()}@example.com`;
    const queued = await app.services.mail.queue({
      key: `test:${to}`,
      to,
      subject: 'Your report',
      body: body('Open the patent'),
      headers: { 'List-Unsubscribe': '<http://localhost/unsubscribe?token=x>' },
      attachments: [
        { filename: 'report.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4 test') },
      ],
    });
    expect(queued).toBe(true);

    const [received] = await outboxFor(to);
    expect(received?.subject).toBe('Your report');
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${received!.id}`);
    expect(message.html).toContain('PatentScout');
    expect(message.html).toContain(`href="${app.config.http.publicUrl}/patents/abc"`);
    expect(message.text).toContain('Open the patent');
    expect(message.text).not.toContain('<');
    expect(message.listUnsubscribe).toBe('<http://localhost/unsubscribe?token=x>');
    expect(message.attachments).toEqual([
      expect.objectContaining({ index: 0, filename: 'report.pdf', contentType: 'application/pdf' }),
    ]);

    const download = await fetch(`${app.baseUrl}/dev/outbox/${received!.id}/attachments/0`);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
    expect(Buffer.from(await download.arrayBuffer()).toString()).toBe('%PDF-1.4 test');
  });

  it('sends a logical message once: queued twice, claimed by a flush that died, or sent by one that died before recording it', async () => {
    const to = `once-${Date.now()}@example.com`;
    const key = `test:${to}`;
    const mail = { key, to, subject: 'Only once', body: body('Once') };
    // Queued inside a transaction that is rolled back: nothing is sent.
    await app.database.db
      .transaction()
      .execute(async (trx) => {
        await app.services.mail.queue(mail, trx);
        throw new Error('the event failed');
      })
      .catch(() => undefined);
    expect(await messageRow(key)).toBeUndefined();

    const repo = createMailRepo(app.database.db);
    await repo.queue({
      key,
      to,
      subject: mail.subject,
      html: '<p>Once</p>',
      text: 'Once',
      headers: {},
      attachments: [],
    });
    expect(await app.services.mail.queue(mail)).toBe(false);

    // A flush claims it and dies before sending: while the claim lasts no other flush sends it.
    const abandoned = await repo.claimNextDue(MAIL_CLAIM_MS);
    expect(abandoned?.mail.key).toBe(key);
    await app.services.mail.flush();
    expect(await messageRow(key)).toMatchObject({ status: 'pending', attempts: 1 });

    // Its claim expires; the next flush sends it, and dies before recording that it did.
    await expireClaim(key);
    const unrecorded = (await repo.claimNextDue(MAIL_CLAIM_MS))!;
    expect(unrecorded.attempt).toBe(2);
    const smtp = createSmtpMailer(app.smtpUrl);
    await smtp.send({
      ...unrecorded.mail,
      messageId: mailMessageId(key, new URL(app.config.http.publicUrl).hostname),
      from: app.config.mail.from,
    });
    smtp.close();
    expect((await outboxFor(to)).length).toBe(1);

    // Sent again once that claim expires, under the same Message-ID, which the receiving side keeps once.
    await expireClaim(key);
    await app.services.mail.flush();
    expect(await messageRow(key)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(await outboxFor(to)).toHaveLength(1);
    // The expired claims' holders cannot overwrite the outcome.
    expect(await repo.recordOutcome(abandoned!, { sent: false, error: 'late', retryAt: null })).toBe(false);
    expect(await messageRow(key)).toMatchObject({ status: 'sent' });
  });

  it('sends each message once when two flushes run at once, and holds no row lock while a slow relay sends', async () => {
    const stamp = Date.now();
    const to = `pair-${stamp}@example.com`;
    const keys = Array.from({ length: 6 }, (_, n) => `pair:${stamp}:${n}`);
    const repo = createMailRepo(app.database.db);
    for (const key of keys)
      await repo.queue({
        key,
        to,
        subject: key,
        html: '<p>Pair</p>',
        text: 'Pair',
        headers: {},
        attachments: [],
      });

    const smtp = createSmtpMailer(app.smtpUrl);
    const sentIds: string[] = [];
    const lockedWhileSending: string[] = [];
    const slowRelay: Mailer = {
      async send(message) {
        // A transaction held across the send would hold this row's lock: NOWAIT would fail.
        await app.database.db
          .transaction()
          .execute((trx) =>
            sql`SELECT id FROM mail_messages WHERE idempotency_key = ${message.subject} FOR UPDATE NOWAIT`.execute(
              trx,
            ),
          )
          .catch(() => lockedWhileSending.push(message.subject));
        await new Promise((resolve) => setTimeout(resolve, 150));
        await smtp.send(message);
        sentIds.push(message.messageId);
      },
      close: () => smtp.close(),
    };
    const flusher = () =>
      createMailService({
        repo,
        mailer: slowRelay,
        from: app.config.mail.from,
        publicUrl: app.config.http.publicUrl,
        jobs: { send: async () => undefined },
        logger: createLogger('silent'),
      });
    const [first, second] = await Promise.all([flusher().flush(), flusher().flush()]);
    smtp.close();

    expect(first.sent).toBeGreaterThan(0);
    expect(second.sent).toBeGreaterThan(0);
    expect(new Set(sentIds).size).toBe(sentIds.length);
    expect(lockedWhileSending).toEqual([]);
    const rows = await app.database.db
      .selectFrom('mail_messages')
      .select(['status', 'attempts'])
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(rows).toEqual(keys.map(() => ({ status: 'sent', attempts: 1 })));
    expect(await outboxFor(to, keys.length)).toHaveLength(keys.length);
  });

  it('answers 404 for a message or attachment that does not exist, and 400 for a malformed id', async () => {
    expect((await call(app.baseUrl, 'GET', '/dev/outbox/999999')).body).toEqual({
      message: 'No such message in the outbox.',
      code: 'MESSAGE_NOT_FOUND',
    });
    expect((await call(app.baseUrl, 'GET', '/dev/outbox/abc')).status).toBe(400);
  });
});
