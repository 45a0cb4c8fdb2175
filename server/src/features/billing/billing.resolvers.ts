import type { Resolvers } from '../../__generated__/resolvers-types.js';

export const billingResolvers: Resolvers = {
  Account: {
    billing: (_, __, { viewer, services }) => services.billing.billing(viewer),
  },
  Mutation: {
    createCheckoutSession: (_, { plan }, { viewer, services }) =>
      services.billing.createCheckoutSession(viewer, plan),
    createBillingPortalSession: (_, __, { viewer, services }) => services.billing.createPortalSession(viewer),
  },
};
