/**
 * A query the advanced search cannot read: says what is wrong (`reason`) and where (`position`,
 * the 0-based offset in the query text; the message counts characters from 1). Pure, so the
 * browser reads queries exactly as the server does; the server maps it to its QUERY_SYNTAX error.
 */
export class QuerySyntaxError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number,
  ) {
    super(`Query error at character ${position + 1}: ${reason}`);
    this.name = 'QuerySyntaxError';
  }
}
