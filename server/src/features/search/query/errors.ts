import { QuerySyntaxError as SharedQuerySyntaxError } from '@patentscout/schema';
import { ValidationError } from '../../../shared/errors.js';

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

/** Runs a shared query function, answering its syntax errors as the server's QUERY_SYNTAX error. */
export function withQuerySyntax<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SharedQuerySyntaxError) throw new QuerySyntaxError(error.reason, error.position);
    throw error;
  }
}
