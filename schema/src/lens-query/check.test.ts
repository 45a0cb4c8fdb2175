import { describe, expect, it } from 'vitest';
import { LENS_QUERY_MAX_LENGTH, readLensQuery } from './check.js';
import { QuerySyntaxError } from './errors.js';

describe('readLensQuery', () => {
  it.each([
    ['title:[2015 TO 2020]', 7, 'ranges work on date_published'],
    ['*valve', 1, 'a wildcard word needs at least two letters'],
    ['solar a?c', 7, 'a wildcard word needs at least two letters'],
    ['legal_status.patent_status:alive', 28, 'unknown legal status "alive"'],
    ['ids:hello!', 5, '"hello!" is not a Lens id or publication number'],
    ['date_published:2015-02-30', 16, '"2015-02-30" is not a date'],
    ['date_published:2015*', 16, 'dates take no wildcards'],
    ['year_published:[20 TO 2020]', 16, '"20" is not a year'],
    ['battery AND', 12, 'AND must be followed by a term'],
  ])('refuses %s at character %i as the server does', (query, character, reason) => {
    let failure: unknown;
    try {
      readLensQuery(query);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(QuerySyntaxError);
    expect((failure as QuerySyntaxError).message).toContain(
      `Query error at character ${character}: ${reason}`,
    );
  });

  it('refuses a query longer than the server takes', () => {
    expect(() => readLensQuery('a'.repeat(LENS_QUERY_MAX_LENGTH + 1))).toThrowError('too long');
    expect(readLensQuery(` ${'a'.repeat(LENS_QUERY_MAX_LENGTH)} `)).toMatchObject({ kind: 'term' });
  });

  it('accepts what the search runs', () => {
    for (const query of [
      'valve*',
      'date_published:[2015 TO *]',
      'ids:US7654321B2',
      'legal_status.patent_status:withdrawn',
    ])
      expect(() => readLensQuery(query)).not.toThrow();
  });
});
