import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const oneShotResolvers: Resolvers = {
  Query: {
    previousSearches: (_, __, { viewer, services }) => services.oneShot.previousSearches(viewer),
  },
  Mutation: {
    requestOneShotSearch: (_, { query }, { viewer, services }) => services.oneShot.request(viewer, { query }),
  },
};
