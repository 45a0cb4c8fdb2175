import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listPage, remember, remembered, stripeError, type StandIn } from './api.js';
import { newId, nowSeconds, type LocalCheckoutSession } from './store.js';
import { DISCOVER_AMOUNT_CENTS } from './subscriptions.js';

/** Stripe's default: a Checkout Session can be paid for 24 hours. */
const SESSION_LIFETIME_SECONDS = 24 * 3600;

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

/** Customers, Checkout Sessions and billing portal sessions, as Stripe's API answers them. */
export function registerCheckoutRoutes(app: FastifyInstance, standIn: StandIn): void {
  const { state } = standIn.store;
  const save = () => standIn.store.save();

  app.post('/v1/customers', async (request, reply) => {
    const params = CustomerParams.safeParse(request.body ?? {});
    if (!params.success) return stripeError(reply, 400, params.error.issues[0]!.message);
    const key = request.headers['idempotency-key'];
    const known = remembered(standIn, key, state.customers);
    if (known) return known;
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      email: params.data.email ?? null,
      name: params.data.name ?? null,
      balance: 0,
      metadata: params.data.metadata ?? {},
      created: nowSeconds(),
      livemode: false as const,
    };
    state.customers[customer.id] = customer;
    remember(standIn, key, customer.id);
    save();
    return customer;
  });

  app.get<{ Params: { id: string } }>('/v1/customers/:id', async (request, reply) => {
    const customer = state.customers[request.params.id];
    if (!customer)
      return stripeError(reply, 404, `No such customer: '${request.params.id}'`, 'resource_missing');
    return { ...customer, balance: customer.balance ?? 0 };
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
    if (price !== standIn.options.priceDiscover)
      return stripeError(reply, 400, `No such price: '${price}'`, 'resource_missing');
    const id = newId('cs_test');
    const created = nowSeconds();
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
      url: `${standIn.baseUrl()}/checkout/${id}`,
      expires_at: created + SESSION_LIFETIME_SECONDS,
      amount_total: DISCOVER_AMOUNT_CENTS,
      currency: 'usd',
      metadata: params.data.metadata ?? {},
      price,
      created,
      livemode: false,
    };
    state.sessions[id] = session;
    save();
    return session;
  });

  app.get<{ Querystring: Record<string, unknown> }>('/v1/checkout/sessions', async (request) => {
    const { customer, status } = request.query;
    const sessions = Object.values(state.sessions).filter(
      (session) =>
        (customer === undefined || session.customer === customer) &&
        (status === undefined || session.status === status),
    );
    return listPage(sessions, request.query, '/v1/checkout/sessions');
  });

  app.get<{ Params: { id: string } }>('/v1/checkout/sessions/:id', async (request, reply) => {
    return (
      state.sessions[request.params.id] ??
      stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, 'resource_missing')
    );
  });

  app.post<{ Params: { id: string } }>('/v1/checkout/sessions/:id/expire', async (request, reply) => {
    const session = state.sessions[request.params.id];
    if (!session)
      return stripeError(reply, 404, `No such checkout.session: '${request.params.id}'`, 'resource_missing');
    if (session.status !== 'open')
      return stripeError(
        reply,
        400,
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
      );
    Object.assign(session, { status: 'expired', url: null });
    save();
    void standIn.events.deliver('checkout.session.expired', session);
    return session;
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
      url: `${standIn.baseUrl()}/portal/${id}`,
      created: nowSeconds(),
      livemode: false as const,
    };
    state.portalSessions[id] = portal;
    save();
    return portal;
  });
}
