import { AppError, ServiceUnavailableError, type ErrorCode } from '../shared/errors.js';
import { isOutage } from '../shared/outage.js';

/** Every domain error code's HTTP status (and, for GraphQL, `extensions.status`). */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  QUERY_SYNTAX: 400,
  QUERY_TOO_SHORT: 400,
  QUERY_TOO_COMPLEX: 400,
  // The search was accepted but cost more than a search may: the request must change, not the
  // server's state (ADR 0111), so no 5xx that a client would retry as is.
  SEARCH_TIMED_OUT: 422,
  SEARCHES_IN_PROGRESS: 429,
  PATENT_ID_REQUIRED: 400,
  NOT_AUTHENTICATED: 401,
  TOKEN_INVALID: 401,
  ACCOUNT_DELETED: 401,
  SEARCH_LIMIT_REACHED: 402,
  FORBIDDEN: 403,
  ACCOUNT_NOT_FOUND: 404,
  PATENT_NOT_FOUND: 404,
  FAVOURITE_NOT_FOUND: 404,
  COLLECTION_NOT_FOUND: 404,
  COLLECTION_MEMBER_NOT_FOUND: 404,
  COLLECTION_LINK_NOT_FOUND: 404,
  COLLECTION_INVITATION_NOT_FOUND: 404,
  COLLECTION_NAME_TAKEN: 409,
  COLLECTION_LIMIT_REACHED: 409,
  MESSAGE_NOT_FOUND: 404,
  SAVED_SEARCH_NOT_FOUND: 404,
  ONESHOT_NOT_FOUND: 404,
  RESULT_SET_NOT_FOUND: 404,
  EMAIL_ALREADY_REGISTERED: 409,
  UNKNOWN_PLAN: 400,
  WEBHOOK_SIGNATURE_INVALID: 400,
  WEBHOOK_EVENT_INVALID: 400,
  ALREADY_SUBSCRIBED: 409,
  NO_BILLING_ACCOUNT: 409,
  PAYMENTS_UNAVAILABLE: 502,
  RATE_LIMITED: 429,
  EMAIL_NOT_VERIFIED: 403,
  SERVICE_UNAVAILABLE: 503,
};

export interface MappedError {
  status: number;
  code: ErrorCode | 'INTERNAL' | 'BAD_REQUEST';
  body: { message: string; code: string } & Record<string, unknown>;
  /** True when the error is a bug or an outage rather than the caller's mistake. */
  unexpected: boolean;
  /** Seconds the caller should wait before asking again (`Retry-After`), when the error says. */
  retryAfterSeconds?: number;
}

/**
 * Postgres refuses text it cannot store (a NUL character, SQLSTATE 22021; or untranslatable,
 * 22P05): whatever field carried it, that is the caller's input, not a fault of ours.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code);
}

/** The one place where errors become statuses and JSON; nothing internal leaks to the caller. */
export function mapError(error: unknown): MappedError {
  if (!(error instanceof AppError) && isOutage(error)) return mapError(new ServiceUnavailableError());
  if (error instanceof AppError) {
    return {
      status: STATUS_BY_CODE[error.code],
      code: error.code,
      body: { ...error.body, message: error.message, code: error.code },
      unexpected: false,
      ...(error.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: error.retryAfterSeconds }),
    };
  }
  const clientStatus = (error as { statusCode?: number }).statusCode;
  if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500) {
    // Fastify's own errors (unreadable JSON, payload too large, ...) describe the caller's mistake.
    const message = (error as Error).message || 'The request could not be read.';
    return {
      status: clientStatus,
      code: 'BAD_REQUEST',
      body: { message, code: 'BAD_REQUEST' },
      unexpected: false,
    };
  }
  if (isUnstorableText(error)) {
    return {
      status: 400,
      code: 'BAD_REQUEST',
      body: { message: 'Text may not contain NUL characters (\\u0000).', code: 'BAD_REQUEST' },
      unexpected: false,
    };
  }
  return {
    status: 500,
    code: 'INTERNAL',
    body: { message: 'Something went wrong on our side. Please try again later.', code: 'INTERNAL' },
    unexpected: true,
  };
}
