import { pino, type Logger } from 'pino';

export type { Logger };

/** Field paths that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  '*.password',
  'token',
  '*.token',
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } });
}
