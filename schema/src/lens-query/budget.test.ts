import { describe, expect, it } from 'vitest';
import { LENS_QUERY_LIMITS, QueryBudgetError, type LensQueryLimit } from './budget.js';
import { readLensQuery } from './check.js';

const words = (count: number, word = 'w') => Array.from({ length: count }, () => word).join(' ');
const terms = (count: number) => Array.from({ length: count }, (_, n) => `w${n}`).join(' OR ');

function refusal(query: string): QueryBudgetError {
  try {
    readLensQuery(query);
  } catch (error) {
    if (error instanceof QueryBudgetError) return error;
    throw error;
  }
  throw new Error(`${query.slice(0, 40)} was accepted`);
}

describe('the query budget', () => {
  it.each<[LensQueryLimit, string, string, string]>([
    [
      'phraseWords',
      `"${words(32)}"`,
      `"${words(33)}"`,
      'a quoted phrase may have at most 32 words; this one has 33.',
    ],
    [
      'proximity',
      `"solar cell"~50`,
      `"solar cell"~51`,
      'the proximity after "~" must be between 1 and 50 words.',
    ],
    [
      'proximityDistances',
      `"solar panel mount"~50`,
      `"solar panel mount"~50 OR "wind turbine"~1`,
      'proximity phrases may compare at most 100 word distances',
    ],
    ['terms', terms(200), terms(201), 'the query has 201 terms; a query may have at most 200.'],
    [
      'wildcardWords',
      Array.from({ length: 10 }, (_, n) => `so${n}*`).join(' '),
      Array.from({ length: 11 }, (_, n) => `so${n}*`).join(' '),
      'the query has 11 wildcard words; a query may have at most 10.',
    ],
    [
      'depth',
      `${'('.repeat(40)}x${')'.repeat(40)}`,
      `${'('.repeat(41)}x${')'.repeat(41)}`,
      'the query nests groups and NOTs more than 40 deep.',
    ],
    ['depth', `a AND ${'NOT '.repeat(40)}b`, `a AND ${'NOT '.repeat(41)}b`, 'more than 40 deep'],
  ])(
    'refuses a query past the %s limit, with a message that names it',
    (limit, accepted, refused, message) => {
      expect(() => readLensQuery(accepted)).not.toThrow();
      const error = refusal(refused);
      expect(error.limit).toBe(limit);
      expect(error.max).toBe(LENS_QUERY_LIMITS[limit]);
      expect(error.message).toContain(message);
      expect(error.message).toMatch(/^Query error at character \d+: /);
    },
  );

  it('refuses the long proximity phrase that once stalled the server, before it is compiled', () => {
    const error = refusal(`"${words(900)}"~50`);
    expect(error.limit).toBe('phraseWords');
    expect(error.message).toBe(
      'Query error at character 1: a quoted phrase may have at most 32 words; this one has 900.',
    );
  });

  it('points at the phrase or term past the limit', () => {
    expect(refusal(`solar AND "${words(33)}"`).position).toBe(10);
    expect(refusal(terms(201)).position).toBe(terms(200).length + 4);
  });
});
