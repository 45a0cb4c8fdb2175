import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const searchResolvers: Resolvers = {
  Mutation: {
    aiSearch: async (_, { input }, { viewer, services }) => ({
      results: await services.search.aiSearch(viewer, input),
      account: await services.accounts.findAccount(viewer),
    }),
    booleanSearch: async (_, { input }, { viewer, services }) => ({
      results: await services.search.booleanSearch(viewer, input),
      account: await services.accounts.findAccount(viewer),
    }),
  },
  Account: {
    searchCount: (_, __, { viewer, services }) => services.search.countThisMonth(viewer),
    freeSearchesPerMonth: async (_, __, { viewer, services }) =>
      (await services.search.allowance(viewer)).freeSearchesPerMonth,
    limited: async (_, __, { viewer, services }) => (await services.search.allowance(viewer)).limited,
  },
  Query: {
    searchCount: (_, __, { viewer, services }) => services.search.countThisMonth(viewer),
  },
};
