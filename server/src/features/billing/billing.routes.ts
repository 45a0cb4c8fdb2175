import type { RestRoute } from '../../shared/rest.js';
import type { BillingService } from './billing.service.js';

export function billingRoutes(billing: BillingService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/payments/create-checkout-session',
      async handler({ viewer, query }) {
        return { body: await billing.createCheckoutSession(viewer, query.plan) };
      },
    },
    {
      method: 'POST',
      url: '/payments/create-portal-session',
      async handler({ viewer }) {
        return { body: await billing.createPortalSession(viewer) };
      },
    },
    {
      method: 'POST',
      url: '/payments/webhook',
      async handler({ rawBody, headers }) {
        await billing.receiveWebhook(rawBody, headers['stripe-signature']);
        return { body: { received: true } };
      },
    },
  ];
}
