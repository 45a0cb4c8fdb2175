/**
 * Errors that mean "a part we depend on is down or restarting", not "a bug": the database or
 * the identity service unreachable, a connection cut by a restart. They answer 503 with a
 * message a user can act on (wait a minute), never 500.
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/**
 * Postgres: class 08 (connection exception), admin or crash shutdown (57P01, 57P02), starting
 * up (57P03), too many connections while it recovers (53300).
 */
const POSTGRES_OUTAGE = /^(08...|57P0[123]|53300)$/;
/** firebase-admin's wording for an identity service it cannot reach. */
const FIREBASE_OUTAGE = new Set(['app/network-error', 'app/network-timeout']);
const CONNECTION_LOST =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)$/;

function outageAt(error: unknown, depth: number): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors, errorInfo } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
    errorInfo?: { code?: unknown };
  };
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || POSTGRES_OUTAGE.test(code) || FIREBASE_OUTAGE.has(code))
  )
    return true;
  if (typeof errorInfo?.code === 'string' && FIREBASE_OUTAGE.has(errorInfo.code)) return true;
  if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => outageAt(inner, depth + 1))) return true;
  return outageAt(cause, depth + 1);
}

export function isOutage(error: unknown): boolean {
  return outageAt(error, 0);
}

/**
 * A process listener for rejections nobody awaited. A library's own bookkeeping may reject with
 * a lost connection: pg-boss failing a job whose database just went away (a restart, or Ctrl-C,
 * which reaches the embedded Postgres too, in one process group, often before the app hears it).
 * The outage is handled where it matters (the supervisor restarts the part, requests answer 503),
 * so it is noted in one line, not a crash; quietly once stopping. Anything else is thrown
 * again, which ends the process as Node would.
 */
export function unawaitedOutagesNoted(
  isStopping: () => boolean,
  log: { warn(message: string): void; debug(message: string): void },
): (reason: unknown) => void {
  return (reason) => {
    if (!isOutage(reason)) throw reason;
    const message = `a lost connection nobody awaited: ${reason instanceof Error ? reason.message : String(reason)}`;
    if (isStopping()) log.debug(message);
    else log.warn(message);
  };
}
