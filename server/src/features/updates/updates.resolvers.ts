import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { UpdatesService } from './updates.service.js';

/** What these resolvers read of the GraphQL context. */
export type UpdatesContext = ServicesContext<{ updates: UpdatesService }>;

export const updatesResolvers: Resolvers<UpdatesContext> = {
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
