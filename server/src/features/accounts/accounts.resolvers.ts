import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const accountsResolvers: Resolvers = {
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
