/** The specification's search result set; the REST and GraphQL answers share it. */
export interface SearchResultItem {
  lens_id: string;
  doc_key: string;
  patent_status: string;
  search_result_order: number;
  ipc_families: { symbol: string }[];
  generative_data: { title: string; summary: string; types: string[]; uses: string[] };
  biblio: {
    publication_reference: { jurisdiction: string; doc_number: string; kind: string; date: string };
    invention_title: string;
  };
}

export interface SearchResultSet {
  total: number;
  results: number;
  group_by_count: number;
  /** True when total and group_by_count are estimates rather than exact counts. */
  estimated: boolean;
  data: SearchResultItem[];
}

export type SearchKind = 'ai' | 'boolean';

export interface SearchFilters {
  ipcPrefixes: string[];
  statuses: string[];
  jurisdictions: string[];
  years: [number, number] | null;
}
