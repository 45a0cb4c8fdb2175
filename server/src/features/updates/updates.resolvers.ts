import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const updatesResolvers: Resolvers = {
  Query: {
    savedSearches: (_, __, { viewer, services }) => services.updates.list(viewer),
  },
  Mutation: {
    subscribeToSearchUpdates: async (_, { queryString }, { viewer, services }) => ({
      savedSearch: await services.updates.subscribe(viewer, queryString),
    }),
    unsubscribeFromSearchUpdates: (_, { id }, { viewer, services }) =>
      services.updates.unsubscribe(viewer, id),
    unsubscribeWithToken: (_, { token }, { services }) => services.updates.unsubscribeWithToken(token),
  },
};
