export { SearchPage } from './SearchPage';
export {
  executeSearch,
  parseSearchResultSet,
  InvalidSearchResultError,
  SEARCH_FAILURE_FALLBACK,
} from './searchResult';
export type { SearchResultItem, SearchResultSet, SearchType } from './searchResult';
export { parseResultsParams, resultsPath, type ResultsParams } from './filters';
export type { ResultsNavigationState } from './useRunSearch';
export { countryName } from './reference/countries';
export {
  INDUSTRY_CATEGORIES,
  categoriesForIpcFilters,
  matchesCategory,
  type IndustryCategory,
} from './reference/industries';
export { kindDescription } from './reference/kindCodes';
