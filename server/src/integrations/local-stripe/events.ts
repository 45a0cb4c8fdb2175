import Stripe from 'stripe';
import type { Logger } from '../../shared/logger.js';
import { newId, nowSeconds } from './store.js';

const DELIVERY_ATTEMPTS = 4;

/**
 * Delivers events to the app's webhook endpoint as Stripe does: a JSON event signed with the
 * endpoint's secret in the `Stripe-Signature` header (Stripe's own scheme, from the SDK), retried
 * while the endpoint does not answer 2xx.
 */
export function createEventDelivery(options: { webhookSecret: string; logger: Logger }) {
  const signer = new Stripe('sk_test_signer_only').webhooks;
  let endpoint: string | undefined;

  async function deliver(type: string, object: object): Promise<void> {
    if (!endpoint) {
      options.logger.warn({ type }, 'local Stripe: no webhook endpoint yet, event dropped');
      return;
    }
    const payload = JSON.stringify({
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
      const signature = signer.generateTestHeaderString({ payload, secret: options.webhookSecret });
      try {
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        });
        if (response.ok) return;
        options.logger.warn({ type, status: response.status, attempt }, 'local Stripe: webhook refused');
      } catch (error) {
        options.logger.warn({ type, err: error, attempt }, 'local Stripe: webhook not delivered');
      }
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
    }
  }

  return {
    deliver,
    deliverTo(url: string): void {
      endpoint = url;
    },
  };
}

export type EventDelivery = ReturnType<typeof createEventDelivery>;
