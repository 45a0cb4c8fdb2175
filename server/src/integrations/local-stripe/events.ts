import Stripe from 'stripe';
import type { Logger } from '../../shared/logger.js';
import { newId, nowSeconds } from './store.js';

const DELIVERY_ATTEMPTS = 4;

/** The local Stripe stand-in's events, signed and delivered to the app's webhook as Stripe does. */
export interface EventDelivery {
  deliver: (type: string, object: object) => Promise<void>;
  deliverTo(url: string): void;
  pause(value: boolean): void;
  /** Settles once every event queued so far is delivered. */
  drained: () => Promise<void>;
  /** The stand-in stops: what is still queued is not sent (the app is stopping too). */
  stop(): void;
}

/**
 * Delivers events to the app's webhook endpoint as Stripe does: a JSON event signed with the
 * endpoint's secret in the `Stripe-Signature` header (Stripe's own scheme, from the SDK), retried
 * while the endpoint does not answer 2xx, one after another in the order they happened. An API
 * call does not wait for its events (Stripe sends them apart from the answer); the hosted pages
 * wait for theirs before they redirect. Deliveries can be paused, as when an endpoint is disabled
 * in Stripe's dashboard: the events of that time are lost, which the app's reconciliation repairs.
 */
export function createEventDelivery(options: { webhookSecret: string; logger: Logger }): EventDelivery {
  const signer = new Stripe('sk_test_signer_only').webhooks;
  let endpoint: string | undefined;
  let paused = false;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  async function send(type: string, payload: string): Promise<void> {
    for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS && !stopped; attempt += 1) {
      const signature = signer.generateTestHeaderString({ payload, secret: options.webhookSecret });
      try {
        const response = await fetch(endpoint!, {
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

  /** Queues the event; the promise settles once it is delivered (or given up). */
  function deliver(type: string, object: object): Promise<void> {
    if (!endpoint || paused) {
      options.logger.warn(
        { type, paused },
        'local Stripe: event not sent (no endpoint, or deliveries paused)',
      );
      return Promise.resolve();
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
    queue = queue.then(() => send(type, payload));
    return queue;
  }

  return {
    deliver,
    deliverTo(url: string): void {
      endpoint = url;
    },
    pause(value: boolean): void {
      paused = value;
    },
    /** Settles once every event queued so far is delivered. */
    drained: (): Promise<void> => queue,
    /** The stand-in stops: what is still queued is not sent (the app is stopping too). */
    stop(): void {
      stopped = true;
    },
  };
}
