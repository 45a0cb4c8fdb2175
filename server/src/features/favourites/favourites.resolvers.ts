import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const favouritesResolvers: Resolvers = {
  Query: {
    favourites: (_, __, { viewer, services }) => services.favourites.list(viewer),
  },
  Mutation: {
    addFavourite: async (_, { input }, { viewer, services }) => ({
      favourite: await services.favourites.add(viewer, input),
    }),
    removeFavourite: (_, { input }, { viewer, services }) => services.favourites.remove(viewer, input.id),
  },
};
