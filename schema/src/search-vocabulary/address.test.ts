import { describe, expect, it } from 'vitest';
import {
  describeSearchFilters,
  effectiveYears,
  parseResultsAddress,
  resultsAddress,
  resultsQueryString,
  searchFiltersAsLensClauses,
  searchFiltersInWords,
  searchFiltersOf,
} from './index.js';

describe('the results page address', () => {
  it('carries the map view, a region and a lasso, and reads them back (ADR 0179)', () => {
    const lasso: [number, number][] = [
      [0.1, 0.2],
      [0.5, 0.25],
      [0.3, 0.9],
    ];
    const address = resultsAddress('ai', { query: 'q' }, { resultSetId: 'S', view: 'map', region: 3, lasso });
    expect(address).toContain('view=map');
    expect(parseResultsAddress(address)).toMatchObject({ view: 'map', region: 3, lasso, resultSetId: 'S' });
    expect(parseResultsAddress('type=ai&query=q')).toMatchObject({ view: 'list' });
    // An unreadable region or lasso is no refinement at all.
    const bad = parseResultsAddress('type=ai&query=q&region=x&lasso=1,2,3');
    expect(bad.region).toBeUndefined();
    expect(bad.lasso).toBeUndefined();
  });

  it('keeps years within 1824..2050, from never after to, empty meaning the whole range', () => {
    expect(effectiveYears('', '')).toEqual([1824, 2050]);
    expect(effectiveYears('1700', '3000')).toEqual([1824, 2050]);
    expect(effectiveYears('2015', '2010')).toEqual([2010, 2010]);
    expect(effectiveYears('20', '')).toEqual([1824, 2050]);
    expect(effectiveYears('2001', 'abc')).toEqual([2001, 2050]);
  });

  it('writes the query, the type and each set filter in the vocabulary order, years only when narrowed', () => {
    expect(
      resultsAddress('ai', {
        query: 'solar cells',
        years: [2010, 2020],
        jurisdiction: ['AU', 'NZ'],
        ipc_filters: ['H01L'],
        legal_status: [],
        kind: null,
      }),
    ).toBe(
      '/search/results?query=solar+cells&type=ai&ipc_filters=H01L&jurisdiction=AU%2CNZ&years=2010%2C2020',
    );
    expect(resultsQueryString('boolean', { query: 'x', years: [1824, 2050] })).toBe('query=x&type=boolean');
    expect(resultsQueryString('boolean', { query: 'x' }, { resultSetId: 'abc', sanitiseSearch: false })).toBe(
      'query=x&type=boolean&sanitiseSearch=false&set=abc',
    );
    expect(parseResultsAddress(resultsQueryString('ai', { query: 'x' }, { like: 'L-1' })).like).toBe('L-1');
  });

  it('reads an address back leniently: unknown kinds and statuses dropped, codes upper-cased, type boolean by default', () => {
    const back = parseResultsAddress(
      '/search/results?query=%20x%20&kind=b,Z,Ω&legal_status=active,bogus&jurisdiction=au,au&publication_type=granted_patent,x&years=2010,2012&set=s1',
    );
    expect(back).toEqual({
      type: 'boolean',
      input: {
        query: 'x',
        kind: ['B', 'Z'],
        legal_status: ['active'],
        jurisdiction: ['AU'],
        publication_type: ['GRANTED_PATENT'],
        years: [2010, 2012],
      },
      sanitiseSearch: true,
      yearsGiven: true,
      resultSetId: 's1',
      view: 'list',
    });
    expect(parseResultsAddress('type=ai&query=q&years=1824,2050')).toMatchObject({
      type: 'ai',
      input: { query: 'q', years: [1824, 2050] },
      yearsGiven: false,
      resultSetId: null,
    });
  });

  it('round-trips every filter through an address', () => {
    const input = {
      query: 'title:solar',
      ipc_filters: ['A61K', 'H01M'],
      legal_status: ['active', 'withdrawn or rejected'],
      jurisdiction: ['US'],
      kind: ['A', 'B'],
      publication_type: ['GRANTED_PATENT', 'PATENT_APPLICATION'],
      years: [1990, 2000],
    };
    expect(parseResultsAddress(resultsAddress('boolean', input)).input).toEqual(input);
  });

  it("takes a stored request's filters as they are, and nothing else", () => {
    expect(
      searchFiltersOf({ query: 'x', jurisdiction: ['au'], years: [1, 2], other: ['y'], kind: 'B' }),
    ).toEqual({
      jurisdiction: ['au'],
      years: [1, 2],
    });
    expect(searchFiltersOf(null)).toEqual({});
  });
});

describe('filters in words', () => {
  it('describes set filters as the tags show them, and nothing without any', () => {
    expect(describeSearchFilters({ years: [1824, 2050] })).toEqual([]);
    expect(searchFiltersInWords({ years: [1824, 2050], jurisdiction: [] })).toBe('');
    expect(
      searchFiltersInWords({
        jurisdiction: ['AU', 'NZ'],
        kind: ['B'],
        legal_status: ['active'],
        years: [2015, 2020],
      }),
    ).toBe(
      'Legal Statuses: Active · Countries: Australia, New Zealand · Kind codes: B (granted patent) · Years: 2015–2020',
    );
    expect(describeSearchFilters({ ipc_filters: ['G06Q', 'X99'] })).toEqual([
      { label: 'Categories', values: ['Financial & Business Methods', 'X99'] },
    ]);
  });

  it('says in the Lens syntax what the syntax can say exactly', () => {
    expect(
      searchFiltersAsLensClauses({
        ipc_filters: ['A61K'],
        jurisdiction: ['AU', 'NZ'],
        legal_status: ['active'],
        kind: ['B'],
        publication_type: ['PATENT_APPLICATION'],
        years: [2015, 2020],
      }),
    ).toEqual([
      'legal_status.patent_status:ACTIVE',
      'jurisdiction:(AU OR NZ)',
      'kind:B*',
      'publication_type:PATENT_APPLICATION',
      'year_published:[2015 TO 2020]',
    ]);
  });
});
