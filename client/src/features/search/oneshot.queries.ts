import { graphql } from '../../__generated__';

export const REQUEST_ONE_SHOT_SEARCH = graphql(`
  mutation RequestOneShotSearch($query: String!) {
    requestOneShotSearch(query: $query) {
      requestId
      account {
        ...SearchAccountFields
      }
    }
  }
`);

export const PREVIOUS_SEARCHES = graphql(`
  query PreviousSearches {
    previousSearches {
      id
      kind
      query
      createdAt
      resultCount
      resultsPath
      status
    }
  }
`);
