import { HighlightKind, type Resolvers } from '../../__generated__/resolvers-types.js';
import type { Viewer } from '../../shared/viewer.js';
import type { AccountsService } from '../accounts/index.js';
import { forgetSearchesThisMonth } from '../plans/index.js';
import type { SearchOutcome, SearchService } from './search.service.js';

/** What these resolvers use of the GraphQL context (one per request). */
interface GraphQLContext {
  viewer: Viewer | null;
  services: { search: SearchService; accounts: Pick<AccountsService, 'findAccount'> };
}

async function payload(outcome: Promise<SearchOutcome>, context: GraphQLContext) {
  const { results } = await outcome;
  forgetSearchesThisMonth(context);
  return { results, account: await context.services.accounts.findAccount(context.viewer) };
}

export const searchResolvers: Resolvers = {
  PatentDetail: {
    similar: (patent, { first }, context) =>
      context.services.search.similarPatents({ lensId: patent.data.lens_id, first }),
  },
  Mutation: {
    aiSearch: (_, { input }, context) =>
      payload(context.services.search.aiSearch(context.viewer, input), context),
    booleanSearch: (_, { input }, context) =>
      payload(context.services.search.booleanSearch(context.viewer, input), context),
  },
  Query: {
    resultSet: async (_, { id }, context) => {
      const set = await context.services.search.replayResultSet(context.viewer, id);
      return {
        id,
        kind: set.kind === 'boolean' ? HighlightKind.Advanced : HighlightKind.Ai,
        query: set.query,
        results: set.results,
      };
    },
    resultSetCounts: async (_, { id }, context) => {
      const counts = await context.services.search.resultSetCounts(context.viewer, id);
      return { total: counts.total, group_by_count: counts.families, estimated: counts.estimated };
    },
    matchHighlights: (_, { kind, query, lensIds }, context) =>
      context.services.search.matchHighlights(context.viewer, {
        kind: kind === 'ADVANCED' ? 'boolean' : 'ai',
        query,
        lensIds,
      }),
  },
};
