export { SearchPage } from './SearchPage';
export { executeSearch, searchFailureMessage } from './searchResult';
export type { SearchResultItem, SearchResultSet, SearchType } from './searchResult';
export { documentTypeLabel, parseResultsParams, resultsPath, type ResultsParams } from './filters';
export { takeHandedOverResults } from './handover';
export { countryName } from './reference/countries';
export {
  INDUSTRY_CATEGORIES,
  categoriesForIpcFilters,
  matchesCategory,
  type IndustryCategory,
} from './reference/industries';
export { kindDescription } from './reference/kindCodes';
