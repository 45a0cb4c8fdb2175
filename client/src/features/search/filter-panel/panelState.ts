import type { SearchInput } from '../../../__generated__/graphql';
import { effectiveYears, PUBLICATION_TYPE_LABELS } from '@patentscout/schema';
import { jurisdictionsFor } from '../reference/countries';
import { ipcFiltersFor } from '../reference/industries';

/**
 * The document-type choices: the provider's publication types, which say what was published
 * whatever the office's kind codes (a US "A" was a grant until 2001).
 */
export const DOCUMENT_TYPES = (['GRANTED_PATENT', 'PATENT_APPLICATION'] as const).map((value) => ({
  value,
  label: PUBLICATION_TYPE_LABELS[value],
}));

/** What the filter panel holds; years stay text so a half-typed year is not fought over. */
export interface PanelFilters {
  categories: string[];
  legalStatuses: string[];
  /** Keys of ticked country options. */
  countries: string[];
  /** Ticked document types (publication types). */
  documentTypes: string[];
  yearFrom: string;
  yearTo: string;
}

export const EMPTY_FILTERS: PanelFilters = {
  categories: [],
  legalStatuses: [],
  countries: [],
  documentTypes: [],
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
  if (filters.documentTypes.length > 0) input.publication_type = [...filters.documentTypes];
  return input;
}
