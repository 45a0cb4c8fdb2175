import nodemailer from 'nodemailer';
import type { Mailer } from '../shared/mail.js';

/** Sends through an SMTP server (production's relay, or the embedded one) with nodemailer. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  // Short timeouts: a message is sent while its queue row is locked, and a hung relay must not
  // hold it for nodemailer's default ten minutes.
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    async send(mail) {
      await transport.sendMail({
        messageId: mail.messageId,
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        attachments: mail.attachments,
      });
    },
    close() {
      transport.close();
    },
  };
}
