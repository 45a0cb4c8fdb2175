/**
 * The contract package's public entry (ADR 0184): the product's constants, the Lens record and
 * its reference data, the Lens query syntax and the search vocabulary the browser and the server
 * share. Each name it exports is listed here: a new use outside schema/ adds its name.
 */
export {
  PRODUCT_NAME,
  PRODUCT_VERSION,
  DISCOVER_PLAN_PRICE_USD,
  AI_SEARCH_MIN_CHARACTERS,
  YEAR_MIN,
  YEAR_MAX,
} from './product.js';
export { toStoredPatentStatus, LEGAL_STATUSES, type StoredPatentStatus } from './legal-statuses.js';
export {
  publicationKey,
  stablePatentId,
  patentKey,
  LENS_PUBLICATION_TYPES,
  LENS_ID_PATTERN,
  LensPatentRecordSchema,
  type LensPatentRecord,
  type LensPublicationType,
} from './lens-record.js';
export { INDUSTRIES, type IndustryKey } from './reference/industries.js';
export { countryName, COUNTRIES, COUNTRY_GROUPS, PINNED_COUNTRY_CODES } from './reference/countries.js';
export { describeKind, KIND_CODES } from './reference/kind-codes.js';
export {
  describeIpcSymbol,
  ipcMainGroup,
  IPC_SECTIONS,
  IPC_CLASSES,
  type IpcHeading,
} from './reference/ipc-sections.js';
export {
  GO8_UNIVERSITIES,
  EX_GO8_UNIVERSITIES,
  CSIRO,
  HARVARD,
  type ResearchInstitution,
} from './reference/research-institutions.js';
export {
  canonicalLensQuery,
  checkLensQuery,
  readLensQuery,
  describeLensQuery,
  parseLensQuery,
  parseDateBound,
  parseYear,
  parseIdentifier,
  phraseWords,
  QueryBudgetError,
  QuerySyntaxError,
  FIELD_KINDS,
  KNOWN_FIELDS,
  NAME_FIELD_WEIGHTS,
  TEXT_FIELD_WEIGHTS,
  type FieldName,
  type LeafNode,
  type QueryNode,
} from './lens-query/index.js';
export {
  effectiveYears,
  isWholeYearRange,
  parseResultsAddress,
  resultsAddress,
  resultsPathOf,
  resultsQueryString,
  searchFiltersOf,
  describeSearchFilters,
  searchFiltersAsLensClauses,
  searchFiltersInWords,
  RESULTS_PATH,
  SEARCH_FILTER_NAMES,
  PUBLICATION_TYPE_LABELS,
  type ResultsAddress,
  type SearchFilterName,
} from './search-vocabulary/index.js';
export { SERVICE_UNAVAILABLE_CODE, SERVICE_RESTARTING_MESSAGE } from './service-status.js';
