import { YEAR_MAX, YEAR_MIN } from '@patentscout/schema';

/**
 * The results page's address for a search request as the client sent it (the client's own
 * `resultsPath`), so "Run again" opens the same search.
 */
export function resultsAddress(kind: 'ai' | 'boolean', request: unknown): string {
  const given = (request && typeof request === 'object' ? request : {}) as Record<string, unknown>;
  const params = new URLSearchParams({
    query: typeof given.query === 'string' ? given.query : '',
    type: kind,
  });
  for (const name of ['ipc_filters', 'legal_status', 'jurisdiction', 'kind']) {
    const values = given[name];
    if (Array.isArray(values) && values.length > 0) params.set(name, values.join(','));
  }
  const years = given.years;
  if (Array.isArray(years) && years.length === 2 && !(years[0] === YEAR_MIN && years[1] === YEAR_MAX))
    params.set('years', years.join(','));
  return `/search/results?${params.toString()}`;
}
