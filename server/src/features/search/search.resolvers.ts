import { HighlightKind, type Resolvers } from '../../__generated__/resolvers-types.js';
import type { Viewer } from '../../shared/viewer.js';
import type { AccountsService } from '../accounts/index.js';
import type { SearchOutcome, SearchService } from './search.service.js';

/** What these resolvers use of the GraphQL context (one per request). */
interface GraphQLContext {
  viewer: Viewer | null;
  services: { search: SearchService; accounts: Pick<AccountsService, 'findAccount'> };
}

/**
 * The viewer's searches this month, counted once per request: `searchCount` and `limited` both
 * need it, and a search's own payload already knows it.
 */
const monthCounts = new WeakMap<GraphQLContext, Promise<number>>();

function searchesThisMonth(context: GraphQLContext): Promise<number> {
  let count = monthCounts.get(context);
  if (!count) {
    count = context.services.search.countThisMonth(context.viewer);
    monthCounts.set(context, count);
  }
  return count;
}

async function payload(outcome: Promise<SearchOutcome>, context: GraphQLContext) {
  const { results, searchesThisMonth: counted } = await outcome;
  monthCounts.set(context, Promise.resolve(counted));
  return { results, account: await context.services.accounts.findAccount(context.viewer) };
}

export const searchResolvers: Resolvers = {
  Mutation: {
    aiSearch: (_, { input }, context) =>
      payload(context.services.search.aiSearch(context.viewer, input), context),
    booleanSearch: (_, { input }, context) =>
      payload(context.services.search.booleanSearch(context.viewer, input), context),
  },
  Account: {
    searchCount: (_, __, context) => searchesThisMonth(context),
    freeSearchesPerMonth: (_, __, { services }) => services.search.freeSearchesPerMonth,
    limited: async (account, __, context) =>
      context.services.search.isLimited(await searchesThisMonth(context), account.subscriptionStatus),
  },
  Query: {
    searchCount: (_, __, context) => searchesThisMonth(context),
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
