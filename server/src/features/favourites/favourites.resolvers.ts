import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { FavouritesService } from './favourites.service.js';

/** What these resolvers read of the GraphQL context. */
export type FavouritesContext = ServicesContext<{ favourites: FavouritesService }>;

export const favouritesResolvers: Resolvers<FavouritesContext> = {
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
