import type { Logger } from '../shared/logger.js';
import type { Mailer } from '../shared/mail.js';
import { assertPortFree } from '../shared/ports.js';
import { startLocalSmtpServer } from './local-smtp-server.js';
import type { MailTransportSettings } from './mail.settings.js';
import { createSmtpMailer } from './mailer.js';

type Receive = (source: Buffer, envelope: { from: string; to: string[] }) => Promise<void>;

/**
 * The SMTP client, and in the local mode the embedded SMTP server it sends to. The server's
 * store is bound later (`receiveWith`), because the mail feature that stores messages is built
 * with this mailer.
 */
export async function startMailTransport(options: {
  mail: MailTransportSettings;
  logger: Logger;
}): Promise<{ mailer: Mailer; url: string; receiveWith(receive: Receive): void; stop(): Promise<void> }> {
  if (options.mail.mode === 'smtp') {
    const mailer = createSmtpMailer(options.mail.url);
    return { mailer, url: options.mail.url, receiveWith: () => undefined, stop: async () => mailer.close() };
  }
  if (options.mail.port !== 0)
    await assertPortFree(options.mail.port, 'the local mail server (MAIL_SMTP_PORT)');
  let receive: Receive | undefined;
  const server = await startLocalSmtpServer({
    port: options.mail.port,
    logger: options.logger,
    store: (source, envelope) =>
      receive ? receive(source, envelope) : Promise.reject(new Error('the outbox is not ready yet')),
  });
  const mailer = createSmtpMailer(server.url);
  return {
    mailer,
    url: server.url,
    receiveWith(store) {
      receive = store;
    },
    async stop() {
      mailer.close();
      await server.stop();
    },
  };
}
