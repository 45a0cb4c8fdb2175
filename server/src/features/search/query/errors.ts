import { ValidationError } from '../../../shared/errors.js';

/** A query the advanced search cannot read: says what is wrong and where (1-based character). */
export class QuerySyntaxError extends ValidationError {
  constructor(message: string, position: number) {
    super(`Query error at character ${position + 1}: ${message}`, 'QUERY_SYNTAX');
  }
}
