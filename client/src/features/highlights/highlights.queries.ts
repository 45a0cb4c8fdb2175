import { graphql } from '../../__generated__';

export const MATCH_HIGHLIGHTS = graphql(`
  query MatchHighlights($kind: HighlightKind!, $query: String!, $lensIds: [ID!]!) {
    matchHighlights(kind: $kind, query: $query, lensIds: $lensIds) {
      lensId
      passages {
        field
        text
      }
    }
  }
`);
