import Fastify, { type FastifyReply } from 'fastify';
import qs from 'qs';
import { z } from 'zod';
import type { Logger } from '../../shared/logger.js';
import { createEventDelivery } from './events.js';
import { checkoutPage, portalPage } from './pages.js';
import { createLocalStripeStore, newId, nowSeconds, type LocalCheckoutSession } from './store.js';
import { createSubscriptionLifecycle, DISCOVER_AMOUNT_CENTS } from './subscriptions.js';

export interface LocalStripe {
  url: string;
  /** Where events go: the app's `/payments/webhook`, known once the app listens. */
  deliverTo(url: string): void;
  stop(): Promise<void>;
}

const CustomerParams = z.object({
  email: z.string().optional(),
  name: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});
const CheckoutParams = z.object({
  mode: z.literal('subscription'),
  customer: z.string().min(1),
  client_reference_id: z.string().optional(),
  success_url: z.string().url(),
  cancel_url: z.string().url(),
  line_items: z.array(z.object({ price: z.string(), quantity: z.coerce.number().int().min(1) })).length(1),
  metadata: z.record(z.string(), z.string()).optional(),
});
const PortalParams = z.object({ customer: z.string().min(1), return_url: z.string().url().optional() });

/** Stripe's error answer, which the SDK turns into its typed errors. */
function stripeError(reply: FastifyReply, status: number, message: string, code?: string) {
  return reply
    .status(status)
    .send({ error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } });
}

/**
 * A stand-in for the parts of Stripe's API the product uses (customers, Checkout Sessions,
 * subscriptions, billing portal sessions), with its own hosted checkout and portal pages that
 * send the app correctly signed webhook events. The real `stripe` SDK talks to it.
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
  const { state } = store;
  const app = Fastify({ logger: false });
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

  /** Answers what a keyed request created the first time (Stripe's Idempotency-Key). */
  function remembered<T>(key: string | string[] | undefined, table: Record<string, T>): T | undefined {
    const id = typeof key === 'string' ? state.idempotency[key] : undefined;
    return id ? table[id] : undefined;
  }
  function remember(key: string | string[] | undefined, id: string) {
    if (typeof key === 'string') state.idempotency[key] = id;
  }

  app.post('/v1/customers', async (request, reply) => {
    const params = CustomerParams.safeParse(request.body ?? {});
    if (!params.success) return stripeError(reply, 400, params.error.issues[0]!.message);
    const known = remembered(request.headers['idempotency-key'], state.customers);
    if (known) return known;
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: params.data.email ?? null,
      name: params.data.name ?? null,
      metadata: params.data.metadata ?? {},
      created: nowSeconds(),
      livemode: false as const,
    };
    state.customers[customer.id] = customer;
    remember(request.headers['idempotency-key'], customer.id);
    store.save();
    return customer;
  });

  app.get<{ Params: { id: string } }>('/v1/customers/:id', async (request, reply) => {
    return (
      state.customers[request.params.id] ??
      stripeError(reply, 404, `No such customer: '${request.params.id}'`, 'resource_missing')
    );
  });

  app.post('/v1/checkout/sessions', async (request, reply) => {
    const params = CheckoutParams.safeParse(request.body ?? {});
    if (!params.success)
      return stripeError(
        reply,
        400,
        `Invalid request: ${params.error.issues[0]!.path.join('.')} ${params.error.issues[0]!.message}`,
      );
    if (!state.customers[params.data.customer])
      return stripeError(reply, 400, `No such customer: '${params.data.customer}'`, 'resource_missing');
    const price = params.data.line_items[0]!.price;
    if (price !== options.priceDiscover)
      return stripeError(reply, 400, `No such price: '${price}'`, 'resource_missing');
    const id = newId('cs_test');
    const session: LocalCheckoutSession = {
      id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: params.data.customer,
      client_reference_id: params.data.client_reference_id ?? null,
      success_url: params.data.success_url,
      cancel_url: params.data.cancel_url,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: `${baseUrl}/checkout/${id}`,
      amount_total: DISCOVER_AMOUNT_CENTS,
      currency: 'usd',
      metadata: params.data.metadata ?? {},
      price,
      created: nowSeconds(),
      livemode: false,
    };
    state.sessions[id] = session;
    store.save();
    return session;
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    return (
      state.sessions[request.params.id] ??
      stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, 'resource_missing')
    );
  });

  app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
    return (
      state.subscriptions[request.params.id] ??
      stripeError(reply, 404, `No such subscription: '${request.params.id}'`, 'resource_missing')
    );
  });

  app.delete<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
    const subscription = state.subscriptions[request.params.id];
    if (!subscription)
      return stripeError(reply, 404, `No such subscription: '${request.params.id}'`, 'resource_missing');
    await lifecycle.cancel(subscription);
    return subscription;
  });

  app.post('/v1/billing_portal/sessions', async (request, reply) => {
    const params = PortalParams.safeParse(request.body ?? {});
    if (!params.success) return stripeError(reply, 400, params.error.issues[0]!.message);
    if (!state.customers[params.data.customer])
      return stripeError(reply, 400, `No such customer: '${params.data.customer}'`, 'resource_missing');
    const id = newId('bps');
    const portal = {
      id,
      object: 'billing_portal.session' as const,
      customer: params.data.customer,
      return_url: params.data.return_url ?? null,
      url: `${baseUrl}/portal/${id}`,
      created: nowSeconds(),
      livemode: false as const,
    };
    state.portalSessions[id] = portal;
    store.save();
    return portal;
  });

  // The hosted pages.
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body);

  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const session = state.sessions[request.params.id];
    return session ? html(reply, checkoutPage(session)) : html(reply, 'Unknown checkout session.', 404);
  });
  app.post<{ Params: { id: string } }>('/checkout/:id/pay', async (request, reply) => {
    const session = state.sessions[request.params.id];
    if (!session) return html(reply, 'Unknown checkout session.', 404);
    if (session.status === 'open') await lifecycle.pay(session);
    return reply.redirect(session.success_url, 303);
  });
  app.post<{ Params: { id: string } }>('/checkout/:id/cancel', async (request, reply) => {
    const session = state.sessions[request.params.id];
    return session ? reply.redirect(session.cancel_url, 303) : html(reply, 'Unknown checkout session.', 404);
  });

  app.get<{ Params: { id: string } }>('/portal/:id', async (request, reply) => {
    const portal = state.portalSessions[request.params.id];
    if (!portal) return html(reply, 'Unknown portal session.', 404);
    return html(reply, portalPage(portal, store.subscriptionsOf(portal.customer)));
  });
  const actions = { cancel: lifecycle.cancel, 'fail-renewal': lifecycle.failRenewal, renew: lifecycle.renew };
  app.post<{ Params: { id: string; subscription: string; action: string } }>(
    '/portal/:id/subscriptions/:subscription/:action',
    async (request, reply) => {
      const portal = state.portalSessions[request.params.id];
      const subscription = state.subscriptions[request.params.subscription];
      const action = actions[request.params.action as keyof typeof actions];
      if (!portal || !subscription || subscription.customer !== portal.customer || !action)
        return html(reply, 'Unknown portal session or subscription.', 404);
      await action(subscription);
      return reply.redirect(`/portal/${portal.id}`, 303);
    },
  );

  await app.listen({ port: options.port, host: '127.0.0.1' });
  const address = app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : options.port}`;
  return {
    url: baseUrl,
    deliverTo: events.deliverTo,
    stop: () => app.close(),
  };
}
