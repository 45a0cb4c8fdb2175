import { parseResultsAddress, resultsAddress } from '@patentscout/schema';
import { describe, expect, it } from 'vitest';
import { COUNTRY_OPTIONS, jurisdictionsFor } from '../reference/countries';
import { EMPTY_FILTERS, toSearchInput } from './panelState';

describe('the filter panel rules', () => {
  it('offers Yugoslavia, Serbia and Montenegro as one choice that sends all three codes', () => {
    const group = COUNTRY_OPTIONS.filter((option) => option.codes.includes('RS'));
    expect(group).toHaveLength(1);
    expect(group[0]!.codes).toEqual(['YU', 'ME', 'RS']);
    expect(COUNTRY_OPTIONS.some((option) => option.key === 'ME' || option.key === 'YU')).toBe(false);
    expect(jurisdictionsFor([group[0]!.key, 'AU'])).toEqual(expect.arrayContaining(['YU', 'ME', 'RS', 'AU']));
  });

  it('sends the document type as publication types and carries it through the results address', () => {
    const input = toSearchInput('  solar panel  ', {
      ...EMPTY_FILTERS,
      documentTypes: ['GRANTED_PATENT'],
      legalStatuses: ['active'],
    });
    expect(input).toEqual({
      query: 'solar panel',
      years: [1824, 2050],
      publication_type: ['GRANTED_PATENT'],
      legal_status: ['active'],
    });
    const path = resultsAddress('ai', input);
    expect(path).toContain('publication_type=GRANTED_PATENT');
    expect(path).not.toContain('years=');
    const back = parseResultsAddress(path);
    expect(back.type).toBe('ai');
    expect(back.input.publication_type).toEqual(['GRANTED_PATENT']);
    expect(back.input.legal_status).toEqual(['active']);
  });

  it('sends narrowed years, the whole range when none are typed', () => {
    expect(toSearchInput('x', { ...EMPTY_FILTERS, yearFrom: '2015', yearTo: '2010' }).years).toEqual([
      2010, 2010,
    ]);
    expect(toSearchInput('x', EMPTY_FILTERS).years).toEqual([1824, 2050]);
  });
});
