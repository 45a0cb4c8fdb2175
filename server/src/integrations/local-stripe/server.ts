import Fastify from 'fastify';
import qs from 'qs';
import type { Logger } from '../../shared/logger.js';
import { stripeError, type StandIn } from './api.js';
import { createEventDelivery } from './events.js';
import { registerCheckoutRoutes } from './routes-checkout.js';
import { registerPageRoutes } from './routes-pages.js';
import { registerSubscriptionRoutes } from './routes-subscriptions.js';
import { createLocalStripeStore } from './store.js';
import { createSubscriptionLifecycle } from './subscriptions.js';

export interface LocalStripe {
  url: string;
  /** Where events go: the app's `/payments/webhook`, known once the app listens. */
  deliverTo(url: string): void;
  stop(): Promise<void>;
}

/**
 * A stand-in for the parts of Stripe's API the product uses (customers, Checkout Sessions,
 * subscriptions, invoices and their payments, refunds, billing portal sessions), with its own
 * hosted checkout and portal pages that send the app correctly signed webhook events. The real
 * `stripe` SDK talks to it.
 */
export async function startLocalStripe(options: {
  port: number;
  secretKey: string;
  webhookSecret: string;
  priceDiscover: string;
  logger: Logger;
  /** Where its objects are kept across restarts; in memory only without it. */
  stateFile?: string;
}): Promise<LocalStripe> {
  const store = createLocalStripeStore(options.stateFile);
  const events = createEventDelivery({ webhookSecret: options.webhookSecret, logger: options.logger });
  const lifecycle = createSubscriptionLifecycle(store, events);
  // Stripe's list filters and cancellation options come in the query string, nested as a form's.
  const app = Fastify({ logger: false, routerOptions: { querystringParser: (query) => qs.parse(query) } });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, qs.parse(body as string, { arrayLimit: 100 })),
  );
  let baseUrl = '';

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (request.headers.authorization !== `Bearer ${options.secretKey}`)
      return stripeError(reply, 401, 'Invalid API Key provided.');
  });

  const standIn: StandIn = {
    store,
    lifecycle,
    events,
    options: { secretKey: options.secretKey, priceDiscover: options.priceDiscover, logger: options.logger },
    baseUrl: () => baseUrl,
  };
  registerCheckoutRoutes(app, standIn);
  registerSubscriptionRoutes(app, standIn);
  registerPageRoutes(app, standIn);

  await app.listen({ port: options.port, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    url: baseUrl,
    deliverTo: events.deliverTo,
    stop: async () => {
      events.stop();
      await app.close();
    },
  };
}
