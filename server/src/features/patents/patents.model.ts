/** The patent page's answer, in the specification's shape: `{ generative_data, data }`. */
export interface PatentDetail {
  generative_data: { title: string; summary: string; types: string[]; uses: string[] } | null;
  data: {
    doc_key: string;
    lens_id: string;
    date_published: string;
    publication_type: string | null;
    biblio: {
      invention_title: { text: string; lang: string | null }[];
      parties: Record<'inventors' | 'applicants' | 'owners_all', { extracted_name: { value: string } }[]>;
      priority_claims: { earliest_claim: { date: string | null } };
      publication_reference: { jurisdiction: string; doc_number: string; kind: string; date: string };
    };
    legal_status: { patent_status: string | null; anticipated_term_date: string | null };
    families: {
      simple_family: {
        members: {
          lens_id: string | null;
          document_id: { jurisdiction: string; doc_number: string; kind: string; date: string };
        }[];
      };
    };
  };
}
