export { SearchPage } from './SearchPage';
export { executeSearch, replayResultSet, searchFailureMessage } from './searchResult';
export type { SearchResultItem, SearchResultSet, SearchType } from './searchResult';
// The results page's address is the shared search vocabulary's (@patentscout/schema).
export {
  parseResultsAddress as parseResultsParams,
  resultsAddress as resultsPath,
  type ResultsAddress as ResultsParams,
} from '@patentscout/schema';
export { handOverResults, takeHandedOverResults } from './handover';
export { countryName } from './reference/countries';
export {
  INDUSTRY_CATEGORIES,
  categoriesForIpcFilters,
  matchesCategory,
  type IndustryCategory,
} from './reference/industries';
export { kindDescription } from './reference/kindCodes';
export { MeaningNote, similarEmptyText, useMeaningStatus, type MeaningStatus } from './MeaningNote';
