import nodemailer from 'nodemailer';
import type { Mailer } from '../shared/mail.js';

/** Sends through an SMTP server (production's relay, or the embedded one) with nodemailer. */
export function createSmtpMailer(smtpUrl: string): Mailer {
  // Short timeouts: a hung relay must not outlast the claim on the message (mail.repo.ts), after
  // which another flush would send it again.
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
      await transport.sendMail(mail);
    },
    close() {
      transport.close();
    },
  };
}
