/**
 * Domain errors carry a code; `http/error-map.ts` turns each code into a status. Services throw
 * these and never HTTP errors.
 */
export type ErrorCode =
  | 'VALIDATION'
  | 'NOT_AUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYMENT_REQUIRED'
  | 'UNAVAILABLE';

export class AppError extends Error {
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

export class ValidationError extends AppError {
  constructor(message: string) {
    super('VALIDATION', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}
