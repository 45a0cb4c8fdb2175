import { YEAR_MAX, YEAR_MIN } from '../product.js';
import { SEARCH_FILTER_TERMS, type FilterTerm } from './terms.js';

/** The two kinds of search: AI (natural language) and advanced ("boolean", the Lens syntax). */
export type SearchType = 'ai' | 'boolean';

type Terms = typeof SEARCH_FILTER_TERMS;
export type SearchFilterName = keyof Terms;

/** Every filter's name, in the vocabulary's order. */
export const SEARCH_FILTER_NAMES = Object.keys(SEARCH_FILTER_TERMS) as SearchFilterName[];

type ValuesOf<Term extends FilterTerm> = Term extends { format: 'list' } ? string[] : number[];

/** A search request's filters as a request or an address carries them; absent or null: not set. */
export type SearchFilterValues = {
  [Name in SearchFilterName]?: Readonly<ValuesOf<Terms[Name]>> | null;
};

/** A search request: its query (or text) and its filters. */
export type SearchAddressInput = { query: string } & SearchFilterValues;

/** A search request read back from an address: every list a fresh array, the years always set. */
export type ParsedSearchInput = { query: string } & {
  [Name in SearchFilterName]?: ValuesOf<Terms[Name]>;
};

const entries = () => Object.entries(SEARCH_FILTER_TERMS) as [SearchFilterName, FilterTerm][];

/** Whether the years cover the whole range (or are not given): no year filter. */
export function isWholeYearRange(years: readonly number[] | null | undefined): boolean {
  return !years || years.length !== 2 || (years[0] === YEAR_MIN && years[1] === YEAR_MAX);
}

function parseYear(text: string | undefined, fallback: number): number {
  const value = Number.parseInt(text ?? '', 10);
  return Number.isFinite(value) ? value : fallback;
}

/** `[from, to]` within 1824..2050, from never after to; an empty or unreadable year means the range's end. */
export function effectiveYears(yearFrom: string | undefined, yearTo: string | undefined): [number, number] {
  const to = Math.min(YEAR_MAX, Math.max(YEAR_MIN, parseYear(yearTo, YEAR_MAX)));
  const from = Math.min(to, Math.max(YEAR_MIN, parseYear(yearFrom, YEAR_MIN)));
  return [from, to];
}

export interface ResultsAddressOptions {
  /** False when the search was built with advanced configuration (a university collection). */
  sanitiseSearch?: boolean;
  /** The kept answer this address replays (a reload, a shared link) without searching. */
  resultSetId?: string;
  /** "More like this": the patent it started from, whose family the results page leaves out. */
  like?: string;
  /** The results shown as a map of their meaning (ADR 0179) rather than a list. */
  view?: ResultsView;
  /** A map region (its id) the list is narrowed to. */
  region?: number;
  /** A lasso drawn on the map (points in 0..1), the list narrowed to the families inside it. */
  lasso?: readonly (readonly [number, number])[];
}

export type ResultsView = 'list' | 'map';

/** A lasso's corners in an address: `x,y,x,y...` in thousandths of the map's side. */
const LASSO_SCALE = 1000;
/** More corners than this are thinned out: a hand-drawn loop needs no more to stay itself. */
const LASSO_MAX_CORNERS = 64;

function lassoText(lasso: readonly (readonly [number, number])[]): string {
  const step = Math.ceil(lasso.length / LASSO_MAX_CORNERS);
  return lasso
    .filter((_, index) => index % step === 0)
    .flatMap(([x, y]) => [x, y].map((value) => Math.round(Math.min(1, Math.max(0, value)) * LASSO_SCALE)))
    .join(',');
}

function readLasso(text: string | null): [number, number][] | undefined {
  const values = (text ?? '').split(',').map((value) => Number.parseInt(value, 10));
  if (
    values.length < 6 ||
    values.length % 2 !== 0 ||
    values.some((value) => !(value >= 0 && value <= LASSO_SCALE))
  )
    return undefined;
  const corners: [number, number][] = [];
  for (let index = 0; index < values.length; index += 2)
    corners.push([values[index]! / LASSO_SCALE, values[index + 1]! / LASSO_SCALE]);
  return corners;
}

/**
 * The results page's query string for a search (without `?`): the query, the type, then each set
 * filter in the vocabulary's order (comma lists; the years only when narrowed).
 */
export function resultsQueryString(
  type: SearchType,
  input: SearchAddressInput,
  options: ResultsAddressOptions = {},
): string {
  const params = new URLSearchParams({ query: input.query, type });
  for (const [name, term] of entries()) {
    const values = input[name];
    if (!values || values.length === 0) continue;
    if (term.format === 'yearRange' && isWholeYearRange(values as readonly number[])) continue;
    params.set(name, values.join(','));
  }
  if (options.sanitiseSearch === false) params.set('sanitiseSearch', 'false');
  if (options.resultSetId) params.set('set', options.resultSetId);
  if (options.like) params.set('like', options.like);
  if (options.view === 'map') params.set('view', 'map');
  if (options.region !== undefined) params.set('region', String(options.region));
  if (options.lasso && options.lasso.length >= 3) params.set('lasso', lassoText(options.lasso));
  return params.toString();
}

/** The results page's path: the client's route, and every link to it (mail included). */
export const RESULTS_PATH = '/search/results';

/** The results page's address for a query string `resultsQueryString` wrote. */
export const resultsPathOf = (queryString: string) => `${RESULTS_PATH}?${queryString}`;

/** The results page's address for a search (`/search/results?query=...&type=ai&...`). */
export function resultsAddress(
  type: SearchType,
  input: SearchAddressInput,
  options: ResultsAddressOptions = {},
): string {
  return resultsPathOf(resultsQueryString(type, input, options));
}

/** What a results page's address says. */
export interface ResultsAddress {
  type: SearchType;
  input: ParsedSearchInput;
  /** False when the search was built with advanced configuration. */
  sanitiseSearch: boolean;
  /** Whether the address narrowed the years at all. */
  yearsGiven: boolean;
  /** The kept answer the address replays, if it names one; without one the search runs. */
  resultSetId: string | null;
  /** "More like this": the patent it started from, whose family is left out of the results. */
  like?: string;
  view: ResultsView;
  /** A map region the list is narrowed to. */
  region?: number;
  /** A lasso drawn on the map (at least three corners, 0..1), the list narrowed to what it holds. */
  lasso?: [number, number][];
}

function commaList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Reads a results page's address back (a whole address, or its query string with or without
 * `?`), leniently, as the page shows it: values a filter cannot have are dropped, codes
 * upper-cased, the years kept within 1824..2050; the type is boolean unless it says ai.
 */
export function parseResultsAddress(address: string | URLSearchParams): ResultsAddress {
  const params =
    typeof address === 'string' ? new URLSearchParams(address.trim().replace(/^[^?]*\?/, '')) : address;
  const input: ParsedSearchInput = { query: (params.get('query') ?? '').trim() };
  let yearsGiven = false;
  for (const [name, term] of entries()) {
    const given = commaList(params.get(name));
    if (term.format === 'yearRange') {
      const years = effectiveYears(given[0], given[1]);
      (input as Record<string, unknown>)[name] = years;
      yearsGiven = given.length > 0 && !isWholeYearRange(years);
      continue;
    }
    const values = [...new Set(given.flatMap((value) => term.read(value) ?? []))];
    if (values.length > 0) (input as Record<string, unknown>)[name] = values;
  }
  return {
    type: params.get('type') === 'ai' ? 'ai' : 'boolean',
    input,
    sanitiseSearch: params.get('sanitiseSearch') !== 'false',
    yearsGiven,
    resultSetId: params.get('set'),
    ...(params.get('like') ? { like: params.get('like')! } : {}),
    view: params.get('view') === 'map' ? 'map' : 'list',
    ...(/^\d{1,2}$/.test(params.get('region') ?? '') ? { region: Number(params.get('region')) } : {}),
    ...(readLasso(params.get('lasso')) ? { lasso: readLasso(params.get('lasso'))! } : {}),
  };
}

/**
 * The filters of a stored or received request (any JSON): each known filter whose value is a
 * list, as is (the search's own checks judge the values). For "Run again" links and analysts'
 * inputs, whose filters were checked when they were made.
 */
export function searchFiltersOf(request: unknown): SearchFilterValues {
  const given = (request && typeof request === 'object' ? request : {}) as Record<string, unknown>;
  const filters: Record<string, unknown> = {};
  for (const name of SEARCH_FILTER_NAMES) {
    if (Array.isArray(given[name])) filters[name] = given[name];
  }
  return filters as SearchFilterValues;
}
