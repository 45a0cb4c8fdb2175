export { SearchPage } from './SearchPage';
export { executeSearch, replayResultSet, searchFailureMessage } from './searchResult';
export { RESULT_SET_COUNTS } from './search.queries';
export type { SearchResultItem, SearchResultSet, SearchType } from './searchResult';
export { documentTypeLabel, parseResultsParams, resultsPath, type ResultsParams } from './filters';
export { handOverResults, takeHandedOverResults } from './handover';
export { countryName } from './reference/countries';
export {
  INDUSTRY_CATEGORIES,
  categoriesForIpcFilters,
  matchesCategory,
  type IndustryCategory,
} from './reference/industries';
export { kindDescription } from './reference/kindCodes';
