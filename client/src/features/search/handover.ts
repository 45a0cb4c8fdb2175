import type { SearchResultSet } from './searchResult';

/**
 * Results the search page has just fetched, for the results address it opens next: the results
 * route's loader takes them once instead of searching again (a search counts toward the monthly
 * allowance). Only the latest handover is kept.
 */
let handedOver: { search: string; results: SearchResultSet } | null = null;

/** `search` is the results address's query string, `?query=...` as `URL.search` gives it. */
export function handOverResults(search: string, results: SearchResultSet): void {
  handedOver = { search, results };
}

export function takeHandedOverResults(search: string): SearchResultSet | null {
  const match = handedOver?.search === search ? handedOver.results : null;
  handedOver = null;
  return match;
}
