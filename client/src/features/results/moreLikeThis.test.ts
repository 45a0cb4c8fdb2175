import { describe, expect, it } from 'vitest';
import { parseResultsAddress } from '@patentscout/schema';
import { MORE_LIKE_THIS_CHARACTERS, moreLikeThisAddress } from './moreLikeThis';

const queryOf = (address: string) => {
  const { type, input } = parseResultsAddress(address);
  return { path: new URL(address, 'http://localhost').pathname, type, input };
};

describe('moreLikeThisAddress', () => {
  it('searches with the patent title and summary as an AI search without filters', () => {
    const { path, type, input } = queryOf(
      moreLikeThisAddress({
        title: 'Folding bicycle frame',
        summary: 'A frame that folds  in two\nfor trains.',
      }),
    );
    expect(path).toBe('/search/results');
    expect(type).toBe('ai');
    expect(input.query).toBe('Folding bicycle frame. A frame that folds in two for trains.');
  });

  it('cuts a long summary at a word boundary', () => {
    const summary = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const { input } = queryOf(moreLikeThisAddress({ title: 'Title', summary }));
    expect(input.query.length).toBeLessThanOrEqual(MORE_LIKE_THIS_CHARACTERS);
    expect(input.query.length).toBeGreaterThan(MORE_LIKE_THIS_CHARACTERS - 12);
    expect(`${input.query} `).toMatch(/^Title\. (word\d+ )+$/);
  });

  it('uses the title alone when there is no summary', () => {
    expect(queryOf(moreLikeThisAddress({ title: 'Solar roof tile', summary: null })).input.query).toBe(
      'Solar roof tile',
    );
  });
});
