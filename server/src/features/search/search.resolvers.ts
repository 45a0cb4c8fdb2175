import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const searchResolvers: Resolvers = {
  Query: {
    aiSearch: async (_, { input }, { viewer, services }) =>
      (await services.search.aiSearch(viewer, input)).read(),
    booleanSearch: async (_, { input }, { viewer, services }) =>
      (await services.search.booleanSearch(viewer, input)).read(),
  },
};
