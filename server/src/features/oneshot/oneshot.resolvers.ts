import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { forgetSearchesThisMonth } from '../plans/index.js';

export const oneShotResolvers: Resolvers = {
  Query: {
    previousSearches: (_, __, { viewer, services }) => services.oneShot.previousSearches(viewer),
  },
  Mutation: {
    requestOneShotSearch: async (_, { query }, context) => {
      const { requestId } = await context.services.oneShot.request(context.viewer, { query });
      // The request used a credit: the account in the payload counts the month again.
      forgetSearchesThisMonth(context);
      return { requestId, account: await context.services.accounts.findAccount(context.viewer) };
    },
  },
};
