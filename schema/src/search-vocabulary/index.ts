/**
 * The search vocabulary, shared by the browser and the server: the filters' names, how the
 * results page's address writes them (build and parse), and how people read them. A new filter is
 * one entry of `terms.ts` (with its SDL fields, the engine's definition and the filter panel).
 */
export {
  effectiveYears,
  isWholeYearRange,
  parseResultsAddress,
  resultsAddress,
  resultsPathOf,
  RESULTS_PATH,
  resultsQueryString,
  searchFiltersOf,
  SEARCH_FILTER_NAMES,
  type ParsedSearchInput,
  type ResultsAddress,
  type ResultsAddressOptions,
  type SearchAddressInput,
  type SearchFilterName,
  type SearchFilterValues,
  type SearchType,
} from './address.js';
export {
  describeSearchFilters,
  searchFiltersAsLensClauses,
  searchFiltersInWords,
  type DescribedFilter,
} from './describe.js';
export {
  PUBLICATION_TYPE_LABELS,
  SEARCH_FILTER_TERMS,
  type FilterTerm,
  type ListFilterTerm,
} from './terms.js';
