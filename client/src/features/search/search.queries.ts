import { graphql } from '../../__generated__';

/**
 * A result's publication as every result card heads with it (office, number, kind and date, and
 * the original title): the results' cards and the patent page's similar patents ask for it alike.
 */
export const RESULT_BIBLIO_FRAGMENT = graphql(`
  fragment ResultBiblio_heading on ResultBiblio {
    publication_reference {
      jurisdiction
      doc_number
      kind
      date
    }
    invention_title
  }
`);

/** What the results page keeps of a search: the card's fields and what refine and sort read. */
export const SEARCH_RESULT_SET_FIELDS = graphql(`
  fragment SearchResultSetFields on SearchResultSet {
    result_set_id
    total
    results
    group_by_count
    estimated
    explanation {
      kept {
        word
        weight
        share
      }
      dropped
      lensQuery
      meaning {
        alsoSearched {
          word
          similar
        }
        foundByMeaning
      }
      throughClassification {
        lensId
        words
      }
      classes {
        symbol
        words
      }
    }
    data {
      ...PatentCard_item
      search_result_order
      ipc_families {
        symbol
      }
      generative_data {
        types
        uses
      }
    }
  }
`);

/** The account as a search left it: the header reads it from the cache. */
export const SEARCH_ACCOUNT_FIELDS = graphql(`
  fragment SearchAccountFields on Account {
    uid
    searchCount
    limited
  }
`);

/** A search's payload: its results, and the account as the search left it. */
export const SEARCH_PAYLOAD_FIELDS = graphql(`
  fragment SearchPayloadFields on SearchPayload {
    results {
      ...SearchResultSetFields
    }
    account {
      ...SearchAccountFields
    }
  }
`);

export const AI_SEARCH = graphql(`
  mutation AiSearch($input: SearchInput!) {
    aiSearch(input: $input) {
      ...SearchPayloadFields
    }
  }
`);

export const BOOLEAN_SEARCH = graphql(`
  mutation BooleanSearch($input: SearchInput!) {
    booleanSearch(input: $input) {
      ...SearchPayloadFields
    }
  }
`);

/** A kept result set, replayed by its id (reloads, shared links): not a search, nothing is counted. */
export const RESULT_SET = graphql(`
  query ResultSet($id: ID!) {
    resultSet(id: $id) {
      id
      results {
        ...SearchResultSetFields
      }
    }
  }
`);

/** A result set's exact counts, asked for when its answer said "about N". */
export const RESULT_SET_COUNTS = graphql(`
  query ResultSetCounts($id: ID!) {
    resultSetCounts(id: $id) {
      total
      group_by_count
      estimated
    }
  }
`);
