import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EmailLayout } from '@patentscout/server/features/mail/index';
import { createMailRepo } from '@patentscout/server/features/mail/mail.repo';
import { mailMessageId } from '@patentscout/server/features/mail/mail.service';
import { createSmtpMailer } from '@patentscout/server/integrations/mailer';
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

  it('sends a logical message once: queued twice, or resent after a crash between the send and its commit', async () => {
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
    const pending = await app.database.db
      .selectFrom('mail_messages')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(pending).toEqual([]);

    // A "crash" after the SMTP send and before the commit: the row stays pending, and the next
    // flush sends it again under the same Message-ID, which the receiving side keeps once.
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
    const smtp = createSmtpMailer(app.smtpUrl);
    await repo
      .withNextDue(async (due) => {
        await smtp.send({
          messageId: mailMessageId(due.key, new URL(app.config.http.publicUrl).hostname),
          from: app.config.mail.from,
          to: due.mail.to,
          subject: due.mail.subject,
          html: due.mail.html,
          text: due.mail.text,
          headers: {},
          attachments: [],
        });
        throw new Error('crashed before the commit');
      })
      .catch(() => undefined);
    smtp.close();
    expect((await outboxFor(to)).length).toBe(1);
    const row = await app.database.db
      .selectFrom('mail_messages')
      .select('status')
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');

    await app.services.mail.flush();
    const sent = await app.database.db
      .selectFrom('mail_messages')
      .select(['status', 'sent_at'])
      .where('idempotency_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(await outboxFor(to)).toHaveLength(1);
  });

  it('answers 404 for a message or attachment that does not exist, and 400 for a malformed id', async () => {
    expect((await call(app.baseUrl, 'GET', '/dev/outbox/999999')).body).toEqual({
      message: 'No such message in the outbox.',
      code: 'MESSAGE_NOT_FOUND',
    });
    expect((await call(app.baseUrl, 'GET', '/dev/outbox/abc')).status).toBe(400);
  });
});
