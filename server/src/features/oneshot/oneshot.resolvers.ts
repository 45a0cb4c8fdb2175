import type { Resolvers } from '../../__generated__/resolvers-types.js';
import { accountAfterCredit, type CreditContext } from '../accounts/index.js';
import type { OneShotService } from './oneshot.service.js';

/** What these resolvers read of the GraphQL context (one per request). */
export interface OneShotContext extends CreditContext {
  services: CreditContext['services'] & { oneShot: OneShotService };
}

export const oneShotResolvers: Resolvers<OneShotContext> = {
  Query: {
    previousSearches: (_, __, { viewer, services }) => services.oneShot.previousSearches(viewer),
  },
  Mutation: {
    requestOneShotSearch: async (_, { query }, context) => {
      const { requestId } = await context.services.oneShot.request(context.viewer, { query });
      return { requestId, account: await accountAfterCredit(context) };
    },
  },
};
