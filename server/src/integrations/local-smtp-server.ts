import { SMTPServer } from 'smtp-server';
import type { Logger } from '../shared/logger.js';

export interface LocalSmtpServer {
  /** The URL nodemailer sends to. */
  url: string;
  stop(): Promise<void>;
}

/** Messages larger than this are refused (a one-shot report's PDF is far smaller). */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/**
 * The embedded mode's mail server: a real SMTP server on loopback that accepts every message
 * and hands its raw source to `store` (the dev mailbox's outbox), so mail goes through the same
 * SMTP client code as in production. No authentication and no TLS: it listens on 127.0.0.1 only.
 */
export async function startLocalSmtpServer(options: {
  port: number;
  logger: Logger;
  store(source: Buffer, envelope: { from: string; to: string[] }): Promise<void>;
}): Promise<LocalSmtpServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    banner: 'PatentScout local mail',
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
          return;
        }
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
        };
        options.store(Buffer.concat(chunks), envelope).then(
          () => callback(),
          (error: unknown) => {
            options.logger.error({ err: error }, 'the local mail server could not store a message');
            callback(
              Object.assign(new Error('Temporary failure storing the message'), { responseCode: 451 }),
            );
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) => options.logger.warn({ err: error }, 'local mail server error'));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
