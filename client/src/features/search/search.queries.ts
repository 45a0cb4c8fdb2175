import { graphql } from '../../__generated__';

export const SEARCH_RESULT_SET_FIELDS = graphql(`
  fragment SearchResultSetFields on SearchResultSet {
    total
    results
    group_by_count
    estimated
    data {
      lens_id
      doc_key
      patent_status
      search_result_order
      ipc_families {
        symbol
      }
      generative_data {
        title
        summary
        types
        uses
      }
      biblio {
        publication_reference {
          jurisdiction
          doc_number
          kind
          date
        }
        invention_title
      }
    }
  }
`);

export const AI_SEARCH = graphql(`
  mutation AiSearch($input: SearchInput!) {
    aiSearch(input: $input) {
      results {
        ...SearchResultSetFields
      }
      account {
        uid
        searchCount
        limited
      }
    }
  }
`);

export const BOOLEAN_SEARCH = graphql(`
  mutation BooleanSearch($input: SearchInput!) {
    booleanSearch(input: $input) {
      results {
        ...SearchResultSetFields
      }
      account {
        uid
        searchCount
        limited
      }
    }
  }
`);
