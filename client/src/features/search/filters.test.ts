import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  describeFilters,
  effectiveYears,
  parseResultsParams,
  resultsPath,
  toSearchInput,
} from './filters';
import { COUNTRY_OPTIONS, jurisdictionsFor } from './reference/countries';

const paramsOf = (path: string) => parseResultsParams(new URLSearchParams(path.slice(path.indexOf('?'))));

describe('the filter panel rules', () => {
  it('keeps years within 1824..2050, from never after to, empty meaning the whole range', () => {
    expect(effectiveYears('', '')).toEqual([1824, 2050]);
    expect(effectiveYears('1700', '3000')).toEqual([1824, 2050]);
    expect(effectiveYears('2015', '2010')).toEqual([2010, 2010]);
    expect(effectiveYears('20', '')).toEqual([1824, 2050]);
    expect(effectiveYears('2001', 'abc')).toEqual([2001, 2050]);
  });

  it('offers Yugoslavia, Serbia and Montenegro as one choice that sends all three codes', () => {
    const group = COUNTRY_OPTIONS.filter((option) => option.codes.includes('RS'));
    expect(group).toHaveLength(1);
    expect(group[0]!.codes).toEqual(['YU', 'ME', 'RS']);
    expect(COUNTRY_OPTIONS.some((option) => option.key === 'ME' || option.key === 'YU')).toBe(false);
    expect(jurisdictionsFor([group[0]!.key, 'AU'])).toEqual(expect.arrayContaining(['YU', 'ME', 'RS', 'AU']));
  });

  it("sends the specification's five keys with no filter chosen, from the panel and from an address alike", () => {
    const request = {
      query: 'solar panel',
      ipc_filters: [],
      legal_status: [],
      jurisdiction: [],
      years: [1824, 2050],
    };
    expect(toSearchInput('solar panel', EMPTY_FILTERS)).toEqual(request);
    const path = resultsPath('ai', request);
    expect(path).toBe('/search/results?query=solar+panel&type=ai');
    expect(paramsOf(path).input).toEqual(request);
  });

  it('sends the document type as kind letters and carries it through the results address', () => {
    const input = toSearchInput('  solar panel  ', {
      ...EMPTY_FILTERS,
      kinds: ['B'],
      legalStatuses: ['active'],
    });
    expect(input).toEqual({
      query: 'solar panel',
      ipc_filters: [],
      legal_status: ['active'],
      jurisdiction: [],
      years: [1824, 2050],
      kind: ['B'],
    });
    const path = resultsPath('ai', input);
    expect(path).toContain('kind=B');
    expect(path).not.toContain('years=');
    const back = paramsOf(path);
    expect(back.type).toBe('ai');
    expect(back.input.kind).toEqual(['B']);
    expect(back.input.legal_status).toEqual(['active']);
  });

  it('reads an address back leniently: unknown kinds and statuses dropped, countries upper-cased, type boolean by default', () => {
    const back = paramsOf('?query=x&kind=b,Z&legal_status=active,bogus&jurisdiction=au&years=2010,2012');
    expect(back.type).toBe('boolean');
    expect(back.input).toEqual({
      query: 'x',
      ipc_filters: [],
      kind: ['B'],
      legal_status: ['active'],
      jurisdiction: ['AU'],
      years: [2010, 2012],
    });
    expect(back.yearsGiven).toBe(true);
  });

  it("describes a search's filters in words, and nothing for a search without any", () => {
    expect(describeFilters({ query: 'x', years: [1824, 2050] })).toBe('');
    expect(
      describeFilters({
        query: 'x',
        jurisdiction: ['AU', 'NZ'],
        kind: ['B'],
        legal_status: ['active'],
        years: [2015, 2020],
      }),
    ).toBe(
      'Legal status: Active · Countries: Australia, New Zealand · Document types: Granted patents · Years: 2015–2020',
    );
  });
});
