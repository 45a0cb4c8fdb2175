import { SERVICE_RESTARTING_MESSAGE } from '@patentscout/schema';

/**
 * Domain error codes: what went wrong, in words a client can switch on. Services throw an
 * `AppError` with one of these and never an HTTP error; `http/error-map.ts` is the one place that
 * gives each code its HTTP status, so a new code does not compile until it has one.
 */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'QUERY_SYNTAX'
  | 'QUERY_TOO_SHORT'
  | 'QUERY_TOO_COMPLEX'
  | 'SEARCH_TIMED_OUT'
  | 'SEARCHES_IN_PROGRESS'
  | 'NOT_AUTHENTICATED'
  | 'TOKEN_INVALID'
  | 'FORBIDDEN'
  | 'ACCOUNT_NOT_FOUND'
  | 'EMAIL_ALREADY_REGISTERED'
  | 'PATENT_ID_REQUIRED'
  | 'PATENT_NOT_FOUND'
  | 'FAVOURITE_NOT_FOUND'
  | 'COLLECTION_NOT_FOUND'
  | 'COLLECTION_MEMBER_NOT_FOUND'
  | 'COLLECTION_LINK_NOT_FOUND'
  | 'COLLECTION_INVITATION_NOT_FOUND'
  | 'COLLECTION_NAME_TAKEN'
  | 'COLLECTION_LIMIT_REACHED'
  | 'MESSAGE_NOT_FOUND'
  | 'SAVED_SEARCH_NOT_FOUND'
  | 'ONESHOT_NOT_FOUND'
  | 'RESULT_SET_NOT_FOUND'
  | 'SEARCH_LIMIT_REACHED'
  | 'ACCOUNT_DELETED'
  | 'UNKNOWN_PLAN'
  | 'ALREADY_SUBSCRIBED'
  | 'NO_BILLING_ACCOUNT'
  | 'WEBHOOK_SIGNATURE_INVALID'
  | 'WEBHOOK_EVENT_INVALID'
  | 'PAYMENTS_UNAVAILABLE'
  | 'RATE_LIMITED'
  | 'EMAIL_NOT_VERIFIED'
  | 'SERVICE_UNAVAILABLE';

export class AppError extends Error {
  /** Seconds after which asking again may succeed (HTTP `Retry-After`), when the error knows. */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra JSON the client may read (for example the account on a 428). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export class NotAuthenticatedError extends AppError {
  constructor() {
    super('NOT_AUTHENTICATED', 'User not authenticated');
  }
}

/** Input the caller must correct; the message says what and how. */
export class ValidationError extends AppError {
  constructor(
    message: string,
    code: Extract<
      ErrorCode,
      'VALIDATION_FAILED' | 'QUERY_SYNTAX' | 'QUERY_TOO_SHORT' | 'PATENT_ID_REQUIRED'
    > = 'VALIDATION_FAILED',
  ) {
    super(code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

/** Too many requests in a window (`http/rate-limits.ts`); `Retry-After` says when to come back. */
export class RateLimitedError extends AppError {
  constructor(retryAfter: string) {
    super('RATE_LIMITED', `Too many requests. Please wait ${retryAfter} and try again.`);
  }
}

/** A signed-in user whose e-mail address is not confirmed yet: only their account's state is open. */
export class EmailNotVerifiedError extends AppError {
  constructor() {
    super(
      'EMAIL_NOT_VERIFIED',
      'Please confirm your e-mail address first: follow the link we sent you, then sign in again.',
    );
  }
}

/** Seconds a client is asked to wait before trying again while a part restarts. */
export const SERVICE_RETRY_AFTER_SECONDS = 30;

/** A part the request needs cannot be reached right now (it is being restarted): 503, not 500. */
export class ServiceUnavailableError extends AppError {
  override readonly retryAfterSeconds = SERVICE_RETRY_AFTER_SECONDS;

  constructor() {
    super('SERVICE_UNAVAILABLE', SERVICE_RESTARTING_MESSAGE);
  }
}
