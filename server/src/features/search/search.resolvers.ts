import { HighlightKind, MeaningState, type Resolvers } from '../../__generated__/resolvers-types.js';
import { accountAfterCredit, type CreditContext } from '../accounts/index.js';
import type { SearchOutcome, SearchService } from './search.contract.js';

/** What these resolvers read of the GraphQL context (one per request). */
export interface SearchContext extends CreditContext {
  services: CreditContext['services'] & { search: SearchService };
}

async function payload(outcome: Promise<SearchOutcome>, context: SearchContext) {
  const { results } = await outcome;
  return { results, account: await accountAfterCredit(context) };
}

export const searchResolvers: Resolvers<SearchContext> = {
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
    meaningStatus: async (_, __, context) => {
      const coverage = await context.services.search.meaningStatus();
      const state = {
        ready: MeaningState.Ready,
        building: MeaningState.Building,
        missing: MeaningState.Missing,
      };
      return { ...coverage, state: state[coverage.state] };
    },
    resultSet: async (_, { id }, context) => {
      const set = await context.services.search.replayResultSet(context.viewer, id);
      return {
        id,
        kind: set.kind === 'boolean' ? HighlightKind.Advanced : HighlightKind.Ai,
        query: set.query,
        results: set.results,
      };
    },
    resultSetCounts: (_, { id }, context) => context.services.search.resultSetCounts(context.viewer, id),
    matchHighlights: (_, { kind, query, lensIds }, context) =>
      context.services.search.matchHighlights(context.viewer, {
        kind: kind === 'ADVANCED' ? 'boolean' : 'ai',
        query,
        lensIds,
      }),
  },
};
