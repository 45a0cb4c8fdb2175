import { LEGAL_STATUSES, YEAR_MAX, YEAR_MIN } from '@patentscout/schema';
import type { SearchInput } from '../../__generated__/graphql';
import { countryName, jurisdictionsFor } from './reference/countries';
import { categoriesForIpcFilters, ipcFiltersFor } from './reference/industries';
import type { SearchType } from './searchResult';

/** The document-type filter's choices: the kind code's letter (WIPO ST.16) says what was published. */
export const DOCUMENT_TYPES = [
  { value: 'B', label: 'Granted patents' },
  { value: 'A', label: 'Applications' },
] as const;

const DOCUMENT_TYPE_VALUES = new Set<string>(DOCUMENT_TYPES.map((type) => type.value));

export function documentTypeLabel(value: string): string {
  return DOCUMENT_TYPES.find((type) => type.value === value)?.label ?? value;
}

/** What the filter panel holds; years stay text so a half-typed year is not fought over. */
export interface SearchFilters {
  categories: string[];
  legalStatuses: string[];
  /** Keys of ticked country options. */
  countries: string[];
  /** Ticked document types (kind-code letters). */
  kinds: string[];
  yearFrom: string;
  yearTo: string;
}

export const EMPTY_FILTERS: SearchFilters = {
  categories: [],
  legalStatuses: [],
  countries: [],
  kinds: [],
  yearFrom: '',
  yearTo: '',
};

function parseYear(text: string | undefined, fallback: number): number {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isFinite(value) ? value : fallback;
}

/** [from, to] within 1824..2050 with from <= to; empty inputs mean the whole range. */
export function effectiveYears(yearFrom: string | undefined, yearTo: string | undefined): [number, number] {
  const to = Math.min(YEAR_MAX, Math.max(YEAR_MIN, parseYear(yearTo, YEAR_MAX)));
  const from = Math.min(to, Math.max(YEAR_MIN, parseYear(yearFrom, YEAR_MIN)));
  return [from, to];
}

/**
 * A search request as the specification shapes it: its five keys always (§3: query, ipc_filters,
 * legal_status, jurisdiction, years), empty lists and the whole year range included; the
 * document-type filter (ours) only when chosen.
 */
function searchInput(
  query: string,
  filters: {
    ipc: string[];
    legal: string[];
    jurisdiction: string[];
    years: [number, number];
    kinds: string[];
  },
): SearchInput {
  return {
    query,
    ipc_filters: filters.ipc,
    legal_status: filters.legal,
    jurisdiction: filters.jurisdiction,
    years: filters.years,
    ...(filters.kinds.length > 0 ? { kind: filters.kinds } : {}),
  };
}

export function toSearchInput(query: string, filters: SearchFilters): SearchInput {
  return searchInput(query.trim(), {
    ipc: ipcFiltersFor(filters.categories),
    legal: [...filters.legalStatuses],
    jurisdiction: jurisdictionsFor(filters.countries),
    years: effectiveYears(filters.yearFrom, filters.yearTo),
    kinds: [...filters.kinds],
  });
}

function isWholeRange(years: readonly number[] | null | undefined): boolean {
  return !years || (years[0] === YEAR_MIN && years[1] === YEAR_MAX);
}

/** The results page address for a search: comma lists, years only when narrowed. */
export function resultsPath(
  type: SearchType,
  input: SearchInput,
  options: {
    sanitiseSearch?: boolean;
    /** The kept answer this address replays (a reload, a shared link) without searching. */
    resultSetId?: string;
  } = {},
): string {
  const params = new URLSearchParams({ query: input.query, type });
  if (input.ipc_filters?.length) params.set('ipc_filters', input.ipc_filters.join(','));
  if (input.legal_status?.length) params.set('legal_status', input.legal_status.join(','));
  if (input.jurisdiction?.length) params.set('jurisdiction', input.jurisdiction.join(','));
  if (input.kind?.length) params.set('kind', input.kind.join(','));
  if (!isWholeRange(input.years)) params.set('years', (input.years ?? []).join(','));
  if (options.sanitiseSearch === false) params.set('sanitiseSearch', 'false');
  if (options.resultSetId) params.set('set', options.resultSetId);
  return `/search/results?${params.toString()}`;
}

function commaList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const LEGAL_STATUS_VALUES = new Set<string>(LEGAL_STATUSES.map((status) => status.value));

export interface ResultsParams {
  type: SearchType;
  input: SearchInput;
  /** False when the search was built with advanced configuration. */
  sanitiseSearch: boolean;
  /** Whether the address narrowed the years at all. */
  yearsGiven: boolean;
  /** The kept answer the address replays, if it names one; without one the search runs. */
  resultSetId: string | null;
}

/** Reads a results page address back into a search (type defaults to boolean). */
export function parseResultsParams(params: URLSearchParams): ResultsParams {
  const [from, to] = commaList(params.get('years'));
  const years = effectiveYears(from, to);
  const input = searchInput((params.get('query') ?? '').trim(), {
    ipc: commaList(params.get('ipc_filters')),
    legal: commaList(params.get('legal_status')).filter((value) => LEGAL_STATUS_VALUES.has(value)),
    jurisdiction: commaList(params.get('jurisdiction')).map((code) => code.toUpperCase()),
    years,
    kinds: commaList(params.get('kind'))
      .map((letter) => letter.toUpperCase())
      .filter((letter) => DOCUMENT_TYPE_VALUES.has(letter)),
  });
  return {
    type: params.get('type') === 'ai' ? 'ai' : 'boolean',
    input,
    sanitiseSearch: params.get('sanitiseSearch') !== 'false',
    yearsGiven: params.has('years') && !isWholeRange(years),
    resultSetId: params.get('set'),
  };
}

/** A search's filters in words ("Countries: Australia · Years: 2015–2020"), or '' without any. */
export function describeFilters(input: SearchInput): string {
  const parts: string[] = [];
  const ipc = input.ipc_filters ?? [];
  if (ipc.length > 0) {
    const categories = categoriesForIpcFilters(ipc);
    parts.push(
      `Categories: ${(categories.length > 0 ? categories.map((category) => category.label) : ipc).join(', ')}`,
    );
  }
  const statuses = input.legal_status ?? [];
  if (statuses.length > 0)
    parts.push(
      `Legal status: ${statuses.map((value) => LEGAL_STATUSES.find((status) => status.value === value)?.label ?? value).join(', ')}`,
    );
  const countries = input.jurisdiction ?? [];
  if (countries.length > 0) parts.push(`Countries: ${countries.map(countryName).join(', ')}`);
  const kinds = input.kind ?? [];
  if (kinds.length > 0) parts.push(`Document types: ${kinds.map(documentTypeLabel).join(', ')}`);
  if (!isWholeRange(input.years) && input.years) parts.push(`Years: ${input.years[0]}–${input.years[1]}`);
  return parts.join(' · ');
}
