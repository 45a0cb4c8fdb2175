import type { SearchKind } from '../search/index.js';

/** A results-page address read back into a search request, as the client writes it. */
export interface SearchFromAddress {
  kind: SearchKind;
  input: {
    query: string;
    ipc_filters?: string[];
    legal_status?: string[];
    jurisdiction?: string[];
    years?: number[];
    kind?: string[];
  };
}

const commaList = (value: string | null) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * Reads the results page's query string (`?query=...&type=ai&jurisdiction=AU,NZ&years=2010,2020`,
 * `client/src/features/search/filters.ts`); the search's own checks then judge the values.
 */
export function searchFromQueryString(queryString: string): SearchFromAddress {
  const params = new URLSearchParams(queryString.trim().replace(/^.*\?/, ''));
  const input: SearchFromAddress['input'] = { query: (params.get('query') ?? '').trim() };
  const lists = ['ipc_filters', 'legal_status', 'jurisdiction', 'kind'] as const;
  for (const name of lists) {
    const values = commaList(params.get(name));
    if (values.length > 0) input[name] = values;
  }
  const years = commaList(params.get('years')).map(Number);
  if (years.length > 0) input.years = years;
  return { kind: params.get('type') === 'ai' ? 'ai' : 'boolean', input };
}
