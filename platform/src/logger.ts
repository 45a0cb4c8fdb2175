import { pino, type Logger } from 'pino';
import pretty from 'pino-pretty';

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

/**
 * `json` (production): one JSON object a line, for a log collector. `pretty` (the embedded mode):
 * one readable line an event, `HH:MM:ss LEVEL message key=value`, warnings and errors coloured
 * on a terminal. pino-pretty runs as a stream in this thread, not as a worker-thread transport.
 */
export function createLogger(
  level: string,
  format: 'json' | 'pretty' = 'json',
  /** Where lines go (stdout by default; a test's stream). */
  destination?: NodeJS.WritableStream,
): Logger {
  const options = { level, redact: { paths: REDACTED, censor: '[redacted]' } };
  if (format === 'json') return destination ? pino(options, destination) : pino(options);
  const stream = pretty({
    ...(destination ? { destination } : {}),
    colorize: destination === undefined && process.stdout.isTTY === true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    // A request's line (and the migration line) says it all in its message; the fields are for JSON.
    ignore: 'pid,hostname,reqId,http,migrations',
    sync: true,
  });
  return pino(options, stream);
}
