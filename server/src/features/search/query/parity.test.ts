import { QuerySyntaxError as SharedQuerySyntaxError, readLensQuery } from '@patentscout/schema';
import { describe, expect, it } from 'vitest';
import { compileLensQuery } from '../engine/compile.js';
import { QuerySyntaxError } from './errors.js';
import { parseLensQuery } from './parser.js';

/** What the browser refuses before sending, the server's compiler refuses with the same words. */
describe('the shared query checks and the server', () => {
  it.each([
    'title:[2015 TO 2020]',
    '*valve',
    'solar a?c',
    'so-l*r',
    'legal_status.patent_status:alive',
    'ids:hello!',
    'date_published:2015-02-30',
    'date_published:2015*',
    'year_published:[20 TO 2020]',
    'year_published:twenty',
    'battery AND',
  ])('refuse %s alike', (query) => {
    let shared: unknown;
    try {
      readLensQuery(query);
    } catch (error) {
      shared = error;
    }
    expect(shared).toBeInstanceOf(SharedQuerySyntaxError);
    let server: unknown;
    try {
      compileLensQuery(parseLensQuery(query));
    } catch (error) {
      server = error;
    }
    expect(server).toBeInstanceOf(QuerySyntaxError);
    expect((server as QuerySyntaxError).message).toBe((shared as Error).message);
    expect((server as QuerySyntaxError).code).toBe('QUERY_SYNTAX');
  });
});
