import { describe, expect, it } from 'vitest';
import { resultItem } from '../../testing/results';
import { INDUSTRY_CATEGORIES } from '../search';
import { NO_REFINEMENT, refineResults, toSortOrder, typesOf } from './refine';

const items = [
  resultItem({ lens_id: 'a', date: '2019-05-01', jurisdiction: 'US', status: 'EXPIRED', types: ['Device'] }),
  resultItem({ lens_id: 'b', date: '2021-02-01', jurisdiction: 'AU', status: 'PENDING', types: ['Method'] }),
  resultItem({ lens_id: 'c', date: '2015-09-01', jurisdiction: 'DE', status: 'ACTIVE', types: ['Device'] }),
  resultItem({ lens_id: 'd', date: '2021-02-01', jurisdiction: 'CN', status: 'PATENTED', types: [] }),
];
const ids = (refined: { lens_id: string }[]) => refined.map((item) => item.lens_id);

describe('refineResults', () => {
  it('keeps the relevance order by default and does not change the original list', () => {
    const refined = refineResults(items, NO_REFINEMENT);
    expect(ids(refined)).toEqual(['a', 'b', 'c', 'd']);
    refineResults(items, { ...NO_REFINEMENT, sort: 'date-asc' });
    expect(ids(items)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sorts by date both ways, ties keeping relevance order', () => {
    expect(ids(refineResults(items, { ...NO_REFINEMENT, sort: 'date-asc' }))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(refineResults(items, { ...NO_REFINEMENT, sort: 'date-desc' }))).toEqual(['b', 'd', 'a', 'c']);
  });

  it('sorts by status (active, patented, pending first) and by country name', () => {
    expect(ids(refineResults(items, { ...NO_REFINEMENT, sort: 'status' }))).toEqual(['c', 'd', 'b', 'a']);
    // Australia, China, Germany, United States
    expect(ids(refineResults(items, { ...NO_REFINEMENT, sort: 'country' }))).toEqual(['b', 'd', 'c', 'a']);
  });

  it('filters by AI type and by industry category before sorting', () => {
    expect(ids(refineResults(items, { ...NO_REFINEMENT, type: 'Device', sort: 'date-desc' }))).toEqual([
      'a',
      'c',
    ]);
    const category = INDUSTRY_CATEGORIES[0]!;
    const inCategory = resultItem({ lens_id: 'e', ipc: `${category.ipc[0]}/00` });
    const refined = refineResults([...items, inCategory], { ...NO_REFINEMENT, category: category.value });
    expect(ids(refined)).toEqual(['e']);
  });

  it('lists the distinct types sorted, and reads unknown sort values as relevance', () => {
    expect(typesOf(items)).toEqual(['Device', 'Method']);
    expect(toSortOrder('nonsense')).toBe('relevance');
    expect(toSortOrder('country')).toBe('country');
  });
});
