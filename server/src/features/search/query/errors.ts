import {
  QueryBudgetError as SharedQueryBudgetError,
  QuerySyntaxError as SharedQuerySyntaxError,
} from '@patentscout/schema';
import { AppError, ValidationError } from '../../../shared/errors.js';

/**
 * A query the advanced search cannot read: says what is wrong and where (1-based character). The
 * shared parser (`@patentscout/schema`, which the browser runs too) throws its own plain error;
 * the server answers both as this QUERY_SYNTAX validation error, with the same message.
 */
export class QuerySyntaxError extends ValidationError {
  constructor(message: string, position: number) {
    super(`Query error at character ${position + 1}: ${message}`, 'QUERY_SYNTAX');
  }
}

/**
 * A query that asks more of the search than one search may (ADR 0111): QUERY_TOO_COMPLEX, with
 * the limit's name and value beside the message that says them. The shared parser's limits
 * (`LENS_QUERY_LIMITS`) come with the browser's very words; the engine's (what the wildcards fit,
 * the statement's size) only the server can tell.
 */
export class QueryTooComplexError extends AppError {
  constructor(message: string, limit: string, max: number) {
    super('QUERY_TOO_COMPLEX', message, { limit, max });
  }
}

/** Runs a shared query function, answering its errors as the server's QUERY_SYNTAX or QUERY_TOO_COMPLEX. */
export function withQuerySyntax<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SharedQueryBudgetError)
      throw new QueryTooComplexError(error.message, error.limit, error.max);
    if (error instanceof SharedQuerySyntaxError) throw new QuerySyntaxError(error.reason, error.position);
    throw error;
  }
}

/** A search whose statement ran past the engine's allowance and was cancelled by Postgres. */
export class SearchTimedOutError extends AppError {
  constructor(timeoutMs: number) {
    const allowed = timeoutMs >= 1000 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`;
    super(
      'SEARCH_TIMED_OUT',
      `This search took longer than ${allowed} and was stopped. Try fewer or rarer words, a shorter proximity, or narrower filters.`,
    );
  }
}
