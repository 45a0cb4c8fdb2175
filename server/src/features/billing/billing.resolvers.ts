import type { Resolvers } from '../../__generated__/resolvers-types.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const billingResolvers: Resolvers = {
  Account: {
    billing: async (_, __, { viewer, services }) => {
      const billing = await services.billing.billing(viewer);
      return { ...billing, renewsAt: iso(billing.renewsAt), endsAt: iso(billing.endsAt) };
    },
  },
  Mutation: {
    createCheckoutSession: (_, { plan }, { viewer, services }) =>
      services.billing.createCheckoutSession(viewer, plan),
    createBillingPortalSession: (_, __, { viewer, services }) => services.billing.createPortalSession(viewer),
  },
};
