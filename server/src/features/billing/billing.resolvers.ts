import type { Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { BillingService } from './billing.service.js';

/** What these resolvers read of the GraphQL context. */
export type BillingContext = ServicesContext<{ billing: BillingService }>;

export const billingResolvers: Resolvers<BillingContext> = {
  Account: {
    billing: (_, __, { viewer, services }) => services.billing.billing(viewer),
  },
  Mutation: {
    createCheckoutSession: (_, { plan }, { viewer, services }) =>
      services.billing.createCheckoutSession(viewer, plan),
    createBillingPortalSession: (_, __, { viewer, services }) => services.billing.createPortalSession(viewer),
  },
};
