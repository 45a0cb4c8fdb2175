import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isTrue, listPage, remember, remembered, stripeError, type StandIn } from './api.js';
import { newId, nowSeconds, type LocalRefund, type LocalSubscription } from './store.js';

const SubscriptionParams = z.object({
  customer: z.string().min(1),
  items: z.array(z.object({ price: z.string().min(1) })).length(1),
  metadata: z.record(z.string(), z.string()).optional(),
});
const RefundParams = z.object({
  payment_intent: z.string().min(1),
  amount: z.coerce.number().int().positive().optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: z.record(z.string(), z.string()).optional(),
});

/** Statuses Stripe's list filter takes (`ended`: cancelled or expired incomplete). */
function matchesStatus(subscription: LocalSubscription, status: unknown): boolean {
  if (status === 'all') return true;
  if (status === undefined) return subscription.status !== 'canceled';
  if (status === 'ended') return subscription.status === 'canceled';
  return subscription.status === status;
}

/**
 * Subscriptions (read, list, create as the dashboard or the API would, cancel with or without
 * proration), invoices and their payments, and refunds, as Stripe's API answers them.
 */
export function registerSubscriptionRoutes(app: FastifyInstance, standIn: StandIn): void {
  const { state } = standIn.store;
  const missing = (kind: string, id: string) => `No such ${kind}: '${id}'`;

  app.get<{ Querystring: Record<string, unknown> }>('/v1/subscriptions', async (request) => {
    const { customer, status } = request.query;
    const subscriptions = Object.values(state.subscriptions).filter(
      (subscription) =>
        (customer === undefined || subscription.customer === customer) && matchesStatus(subscription, status),
    );
    return listPage(subscriptions, request.query, '/v1/subscriptions');
  });

  app.get<{ Params: { id: string } }>('/v1/subscriptions/:id', async (request, reply) => {
    return (
      state.subscriptions[request.params.id] ??
      stripeError(reply, 404, missing('subscription', request.params.id), 'resource_missing')
    );
  });

  app.post('/v1/subscriptions', async (request, reply) => {
    const params = SubscriptionParams.safeParse(request.body ?? {});
    if (!params.success) return stripeError(reply, 400, params.error.issues[0]!.message);
    if (!state.customers[params.data.customer])
      return stripeError(reply, 400, missing('customer', params.data.customer), 'resource_missing');
    const price = params.data.items[0]!.price;
    if (price !== standIn.options.priceDiscover)
      return stripeError(reply, 400, missing('price', price), 'resource_missing');
    return standIn.lifecycle.create(params.data.customer, price, params.data.metadata ?? {}).subscription;
  });

  app.delete<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/v1/subscriptions/:id',
    async (request, reply) => {
      const subscription = state.subscriptions[request.params.id];
      if (!subscription)
        return stripeError(reply, 404, missing('subscription', request.params.id), 'resource_missing');
      const options = { ...request.query, ...((request.body as Record<string, unknown> | undefined) ?? {}) };
      void standIn.lifecycle.cancel(subscription, {
        prorate: isTrue(options.prorate),
        invoiceNow: isTrue(options.invoice_now),
      });
      return subscription;
    },
  );

  app.get<{ Querystring: Record<string, unknown> }>('/v1/invoices', async (request) => {
    const { customer, subscription, status } = request.query;
    const invoices = Object.values(state.invoices).filter(
      (invoice) =>
        (customer === undefined || invoice.customer === customer) &&
        (subscription === undefined || invoice.parent.subscription_details.subscription === subscription) &&
        (status === undefined || invoice.status === status),
    );
    return listPage(invoices, request.query, '/v1/invoices');
  });

  // Stripe keeps an invoice's payments as InvoicePayment objects; the stand-in derives them.
  app.get<{ Querystring: Record<string, unknown> }>('/v1/invoice_payments', async (request) => {
    const { invoice: invoiceId, status } = request.query;
    const payments = Object.values(state.invoices)
      .filter((invoice) => invoice.payment_intent && (invoiceId === undefined || invoice.id === invoiceId))
      .map((invoice) => ({
        id: `inpay_${invoice.id.slice(3)}`,
        object: 'invoice_payment' as const,
        invoice: invoice.id,
        amount_paid: invoice.amount_paid,
        amount_requested: invoice.amount_due,
        currency: invoice.currency,
        is_default: true,
        status: invoice.status === 'paid' ? 'paid' : 'open',
        payment: { type: 'payment_intent', payment_intent: invoice.payment_intent },
        created: invoice.created,
        livemode: false,
      }))
      .filter((payment) => status === undefined || payment.status === status);
    return listPage(payments, request.query, '/v1/invoice_payments');
  });

  app.post('/v1/refunds', async (request, reply) => {
    const params = RefundParams.safeParse(request.body ?? {});
    if (!params.success) return stripeError(reply, 400, params.error.issues[0]!.message);
    const key = request.headers['idempotency-key'];
    const known = remembered(standIn, key, state.refunds);
    if (known) return known;
    const paidBy = Object.values(state.invoices).find(
      (invoice) => invoice.payment_intent === params.data.payment_intent,
    );
    if (!paidBy)
      return stripeError(
        reply,
        400,
        missing('payment_intent', params.data.payment_intent),
        'resource_missing',
      );
    const refundedAlready = Object.values(state.refunds)
      .filter((refund) => refund.payment_intent === params.data.payment_intent)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = paidBy.amount_paid - refundedAlready;
    if (left <= 0)
      return stripeError(
        reply,
        400,
        `Charge for PaymentIntent ${params.data.payment_intent} has already been refunded.`,
        'charge_already_refunded',
      );
    const refund: LocalRefund = {
      id: newId('re'),
      object: 'refund',
      amount: Math.min(params.data.amount ?? left, left),
      currency: paidBy.currency,
      payment_intent: params.data.payment_intent,
      reason: params.data.reason ?? null,
      status: 'succeeded',
      metadata: params.data.metadata ?? {},
      created: nowSeconds(),
    };
    state.refunds[refund.id] = refund;
    remember(standIn, key, refund.id);
    standIn.store.save();
    return refund;
  });

  app.get<{ Querystring: Record<string, unknown> }>('/v1/refunds', async (request) => {
    const { payment_intent: paymentIntent } = request.query;
    const refunds = Object.values(state.refunds).filter(
      (refund) => paymentIntent === undefined || refund.payment_intent === paymentIntent,
    );
    return listPage(refunds, request.query, '/v1/refunds');
  });
}
