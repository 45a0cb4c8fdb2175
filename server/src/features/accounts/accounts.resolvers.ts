import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import { forgetSearchesThisMonth } from '../plans/index.js';
import type { Account } from './accounts.model.js';
import type { AccountsService } from './accounts.service.js';

/** What these resolvers read of the GraphQL context. */
export type AccountsContext = ServicesContext<{ accounts: AccountsService }>;

/** What a mutation that spends a credit reads of the context to answer with the account. */
export type CreditContext = ServicesContext<{ accounts: Pick<AccountsService, 'findAccount'> }>;

/**
 * The account a mutation that spent a credit answers with (a search, a one-shot request): its
 * month's searches counted again, with the credit.
 */
export function accountAfterCredit(context: CreditContext): Promise<Account | null> {
  forgetSearchesThisMonth(context);
  return context.services.accounts.findAccount(context.viewer);
}

export const accountsResolvers: Resolvers<AccountsContext> = {
  Query: {
    viewerAccount: (_, __, { viewer, services }) => services.accounts.findAccount(viewer),
  },
  Mutation: {
    register: (_, { input }, { services }) => services.accounts.register(input),
    updateAccount: async (_, { input }, { viewer, services }) => ({
      account: await services.accounts.updateAccount(viewer, input),
    }),
    deleteAccount: (_, { input }, { viewer, services }) => services.accounts.deleteAccount(viewer, input),
    registerGoogleUser: async (_, { input }, { viewer, services }) => ({
      account: await services.accounts.registerGoogleUser(viewer, input),
    }),
  },
};
