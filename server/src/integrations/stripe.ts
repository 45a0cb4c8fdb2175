import Stripe from 'stripe';
import type { BillingSettings } from '../features/billing/billing.settings.js';
import type { Logger } from '../shared/logger.js';
import {
  InvalidWebhookSignatureError,
  MalformedWebhookEventError,
  type PaymentProvider,
  type ProviderCheckoutSession,
  type ProviderSubscription,
} from '../shared/payments.js';
import { assertPortFree } from '../shared/ports.js';
import { startLocalStripe } from './local-stripe/server.js';
import { providerEventOf } from './stripe-events.js';

export interface StripeConnection {
  payments: PaymentProvider;
  /** The local stand-in's address (its API and hosted pages); none with real Stripe. */
  localUrl?: string;
  /** The local stand-in's events go to this URL (the app's webhook); nothing with real Stripe. */
  deliverWebhooksTo(url: string): void;
  stop(): Promise<void>;
}

/**
 * The real `stripe` SDK, pointed at Stripe or, in the local mode, at the stand-in that speaks the
 * same HTTP API on its own port (started here), so the same calls run offline.
 */
export async function startStripe(options: {
  billing: BillingSettings;
  logger: Logger;
  /** The stand-in keeps its customers and subscriptions here across restarts. */
  stateFile?: string;
}): Promise<StripeConnection> {
  const { billing } = options;
  const settings = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'PatentScout' } };
  if (billing.mode === 'stripe') {
    // Staging may point the SDK at a stand-in (STRIPE_API_URL) instead of api.stripe.com.
    const api = billing.apiUrl ? new URL(billing.apiUrl) : undefined;
    const address = api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {};
    return {
      payments: stripePaymentProvider(
        new Stripe(billing.secretKey, { ...settings, ...address }),
        billing.webhookSecret,
      ),
      deliverWebhooksTo: () => undefined,
      stop: async () => {},
    };
  }
  if (billing.localPort !== 0)
    await assertPortFree(billing.localPort, 'the local Stripe stand-in (STRIPE_LOCAL_PORT)');
  const local = await startLocalStripe({
    port: billing.localPort,
    secretKey: billing.secretKey,
    webhookSecret: billing.webhookSecret,
    priceDiscover: billing.priceDiscover,
    logger: options.logger,
    stateFile: options.stateFile,
  });
  const port = Number(new URL(local.url).port);
  return {
    payments: stripePaymentProvider(
      new Stripe(billing.secretKey, { ...settings, host: '127.0.0.1', port, protocol: 'http' }),
      billing.webhookSecret,
    ),
    localUrl: local.url,
    deliverWebhooksTo: local.deliverTo,
    stop: local.stop,
  };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const dateOf = (seconds: number | null | undefined): Date | null =>
  seconds ? new Date(seconds * 1000) : null;

function subscriptionOf(subscription: Stripe.Subscription): ProviderSubscription {
  const periodEnds = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    createdAt: dateOf(subscription.created),
    currentPeriodEnd: dateOf(periodEnds.length > 0 ? Math.min(...periodEnds) : null),
    cancelAt: dateOf(subscription.ended_at ?? subscription.cancel_at),
  };
}

function checkoutSessionOf(session: Stripe.Checkout.Session): ProviderCheckoutSession {
  return {
    id: session.id,
    url: session.url,
    open: session.status === 'open',
    subscriptionId: idOf(session.subscription),
    expiresAt: dateOf(session.expires_at),
  };
}

/** Stripe's "no such object" answer, which the provider interface reads as null. */
const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The payment provider over the Stripe SDK. */
export function stripePaymentProvider(stripe: Stripe, webhookSecret: string): PaymentProvider {
  return {
    async createCustomer({ uid, email, name }) {
      // Keyed by the account: a retried or concurrent first checkout gets the same customer.
      const customer = await stripe.customers.create(
        { email, name, metadata: { uid } },
        { idempotencyKey: `customer-${uid}` },
      );
      return customer.id;
    },
    async createCheckoutSession({ customerId, uid, priceId, successUrl, cancelUrl }) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: uid,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        metadata: { uid },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL');
      return checkoutSessionOf(session);
    },
    async retrieveCheckoutSession(id) {
      const session = await orNull(stripe.checkout.sessions.retrieve(id));
      return session ? checkoutSessionOf(session) : null;
    },
    async expireCheckoutSession(id) {
      await stripe.checkout.sessions.expire(id);
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      const subscription = await orNull(stripe.subscriptions.retrieve(id));
      return subscription ? subscriptionOf(subscription) : null;
    },
    async listSubscriptions({ customerId }) {
      const found: ProviderSubscription[] = [];
      // A customer's every subscription; without one, every subscription not cancelled.
      const params: Stripe.SubscriptionListParams = customerId
        ? { customer: customerId, status: 'all', limit: 100 }
        : { limit: 100 };
      for await (const subscription of stripe.subscriptions.list(params))
        found.push(subscriptionOf(subscription));
      return found;
    },
    async cancelSubscription(id) {
      return subscriptionOf(await stripe.subscriptions.cancel(id, { prorate: false }));
    },
    async refundLatestPayment(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const invoiceId = idOf(subscription.latest_invoice);
      if (!invoiceId) return 0;
      let refunded = 0;
      for await (const payment of stripe.invoicePayments.list({ invoice: invoiceId, status: 'paid' })) {
        const paymentIntent = idOf(payment.payment.payment_intent);
        if (payment.payment.type !== 'payment_intent' || !paymentIntent) continue;
        try {
          const refund = await stripe.refunds.create(
            {
              payment_intent: paymentIntent,
              reason: 'duplicate',
              metadata: { subscription: subscriptionId },
            },
            // A retry (or a later reconciliation within Stripe's window) gets the same refund.
            { idempotencyKey: `refund-duplicate-${payment.id}` },
          );
          refunded += refund.amount;
        } catch (error) {
          if (
            error instanceof Stripe.errors.StripeInvalidRequestError &&
            error.code === 'charge_already_refunded'
          )
            continue;
          throw error;
        }
      }
      return refunded;
    },
    verifyEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new InvalidWebhookSignatureError(error.message);
        // Signed, but not JSON.
        throw new MalformedWebhookEventError(null, 'the body is not a JSON event');
      }
      return providerEventOf(event);
    },
  };
}
