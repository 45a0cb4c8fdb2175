import { describe, expect, it } from 'vitest';
import { parseResultsAddress } from '@patentscout/schema';
import type { SearchResultSet } from '../search';
import { leaveOutFamily, MORE_LIKE_THIS_CHARACTERS, moreLikeThisAddress } from './moreLikeThis';

const queryOf = (address: string) => {
  const { type, input } = parseResultsAddress(address);
  return { path: new URL(address, 'http://localhost').pathname, type, input };
};

describe('moreLikeThisAddress', () => {
  it('searches with the patent title and summary as an AI search without filters', () => {
    const { path, type, input } = queryOf(
      moreLikeThisAddress({
        lensId: 'L-1',
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
    const { input } = queryOf(moreLikeThisAddress({ lensId: 'L-1', title: 'Title', summary }));
    expect(input.query.length).toBeLessThanOrEqual(MORE_LIKE_THIS_CHARACTERS);
    expect(input.query.length).toBeGreaterThan(MORE_LIKE_THIS_CHARACTERS - 12);
    expect(`${input.query} `).toMatch(/^Title\. (word\d+ )+$/);
  });

  it('uses the title alone when there is no summary', () => {
    expect(
      queryOf(moreLikeThisAddress({ lensId: 'L-1', title: 'Solar roof tile', summary: null })).input.query,
    ).toBe('Solar roof tile');
  });

  it('says the title once when the summary already says it, and names the patent', () => {
    const address = moreLikeThisAddress({
      lensId: 'L-1',
      title: 'Lithium battery electrode',
      summary: 'A lithium battery electrode that lasts. It charges fast.',
    });
    expect(queryOf(address).input.query).toBe('A lithium battery electrode that lasts. It charges fast.');
    expect(parseResultsAddress(address).like).toBe('L-1');
  });
});

describe('leaveOutFamily', () => {
  const item = (lensId: string, members: string[] = []) =>
    ({ lens_id: lensId, family_members: members.map((member) => ({ lens_id: member })) }) as never;
  const results = { data: [item('L-1'), item('A', ['L-2']), item('B')] } as unknown as SearchResultSet;
  const ids = (set: SearchResultSet) => set.data.map((one) => one.lens_id);

  it('leaves out the patent and any result whose family holds it', () => {
    expect(ids(leaveOutFamily(results, 'L-1'))).toEqual(['A', 'B']);
    expect(ids(leaveOutFamily(results, 'L-2'))).toEqual(['L-1', 'B']);
    expect(leaveOutFamily(results, undefined)).toBe(results);
  });
});
