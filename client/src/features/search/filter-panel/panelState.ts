import type { SearchInput } from '../../../__generated__/graphql';
import { effectiveYears } from '@patentscout/schema';
import { jurisdictionsFor } from '../reference/countries';
import { ipcFiltersFor } from '../reference/industries';

/** The document-type choices: the kind code's letter (WIPO ST.16) says what was published. */
export const DOCUMENT_TYPES = [
  { value: 'B', label: 'Granted patents' },
  { value: 'A', label: 'Applications' },
] as const;

/** What the filter panel holds; years stay text so a half-typed year is not fought over. */
export interface PanelFilters {
  categories: string[];
  legalStatuses: string[];
  /** Keys of ticked country options. */
  countries: string[];
  /** Ticked document types (kind-code letters). */
  kinds: string[];
  yearFrom: string;
  yearTo: string;
}

export const EMPTY_FILTERS: PanelFilters = {
  categories: [],
  legalStatuses: [],
  countries: [],
  kinds: [],
  yearFrom: '',
  yearTo: '',
};

/** The search request for a query and what the panel holds (the vocabulary's filter names). */
export function toSearchInput(query: string, filters: PanelFilters): SearchInput {
  const input: SearchInput = { query: query.trim(), years: effectiveYears(filters.yearFrom, filters.yearTo) };
  const ipc = ipcFiltersFor(filters.categories);
  const jurisdiction = jurisdictionsFor(filters.countries);
  if (ipc.length > 0) input.ipc_filters = ipc;
  if (filters.legalStatuses.length > 0) input.legal_status = [...filters.legalStatuses];
  if (jurisdiction.length > 0) input.jurisdiction = jurisdiction;
  if (filters.kinds.length > 0) input.kind = [...filters.kinds];
  return input;
}
