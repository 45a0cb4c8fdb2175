import { graphql } from '../../__generated__';

export const SAVED_SEARCH_FIELDS = graphql(`
  fragment SavedSearchFields on SavedSearch {
    id
    kind
    query
    resultsPath
    createdAt
    lastSentAt
  }
`);

export const SAVED_SEARCHES = graphql(`
  query SavedSearches {
    savedSearches {
      ...SavedSearchFields
    }
  }
`);

export const SUBSCRIBE_TO_SEARCH_UPDATES = graphql(`
  mutation SubscribeToSearchUpdates($queryString: String!) {
    subscribeToSearchUpdates(queryString: $queryString) {
      savedSearch {
        ...SavedSearchFields
      }
    }
  }
`);

export const UNSUBSCRIBE_FROM_SEARCH_UPDATES = graphql(`
  mutation UnsubscribeFromSearchUpdates($id: ID!) {
    unsubscribeFromSearchUpdates(id: $id) {
      id
    }
  }
`);

export const UNSUBSCRIBE_WITH_TOKEN = graphql(`
  mutation UnsubscribeWithToken($token: String!) {
    unsubscribeWithToken(token: $token) {
      removed
    }
  }
`);
