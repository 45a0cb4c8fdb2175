import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const searchResolvers: Resolvers = {
  Query: {
    aiSearch: (_, { input }, { viewer, services }) => services.search.aiSearch(viewer, input),
    booleanSearch: (_, { input }, { viewer, services }) => services.search.booleanSearch(viewer, input),
  },
};
