import { searchFiltersAsLensClauses } from '@patentscout/schema';
import type { SearchInput } from '../../__generated__/graphql';

/**
 * The Advanced search query for an explained AI search: its Lens query, with the filters the
 * Lens syntax says exactly (the search vocabulary's clauses: countries, legal statuses, years,
 * ...). Industry categories match on a result's first IPC symbol only, which the syntax cannot
 * say; they stay out (the filter panel can set them again).
 */
export function advancedQueryFor(lensQuery: string, input: SearchInput): string {
  const clauses = searchFiltersAsLensClauses(input);
  return [clauses.length > 0 ? `(${lensQuery})` : lensQuery, ...clauses].join(' AND ');
}

/** The search page's Advanced tab, prefilled with a query. */
export function advancedSearchPath(query: string): string {
  return `/home?${new URLSearchParams({ tab: 'advanced', query }).toString()}`;
}
