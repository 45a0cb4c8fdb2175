import type { SearchResultItem } from '../features/search';

/** A result item with sensible defaults, for client tests. */
export function resultItem(overrides: {
  lens_id: string;
  date?: string;
  jurisdiction?: string;
  status?: string;
  ipc?: string;
  types?: string[];
  family_members?: SearchResultItem['family_members'];
}): SearchResultItem {
  return {
    lens_id: overrides.lens_id,
    doc_key: `${overrides.jurisdiction ?? 'US'}_${overrides.lens_id}_B2`,
    patent_status: overrides.status ?? 'ACTIVE',
    search_result_order: 1,
    ipc_families: overrides.ipc ? [{ symbol: overrides.ipc }] : [],
    generative_data: {
      title: `Title ${overrides.lens_id}`,
      summary: 'A summary.',
      types: overrides.types ?? [],
      uses: [],
    },
    biblio: {
      publication_reference: {
        jurisdiction: overrides.jurisdiction ?? 'US',
        doc_number: overrides.lens_id,
        kind: 'B2',
        date: overrides.date ?? '2020-01-01',
      },
      invention_title: `Invention ${overrides.lens_id}`,
    },
    family_members: overrides.family_members ?? [],
  };
}
