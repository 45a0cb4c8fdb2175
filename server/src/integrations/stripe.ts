import Stripe from 'stripe';
import type { AppConfig } from '../config.js';
import type { Logger } from '../shared/logger.js';
import {
  InvalidWebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from '../shared/payments.js';
import { assertPortFree } from '../shared/ports.js';
import { startLocalStripe } from './local-stripe/server.js';

export interface StripeConnection {
  payments: PaymentProvider;
  /** The local stand-in's events go to this URL (the app's webhook); nothing with real Stripe. */
  deliverWebhooksTo(url: string): void;
  stop(): Promise<void>;
}

/**
 * The real `stripe` SDK, pointed at Stripe or, in the local mode, at the stand-in that speaks the
 * same HTTP API on its own port (started here), so the same calls run offline.
 */
export async function startStripe(options: {
  billing: AppConfig['billing'];
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
    currentPeriodEnd: dateOf(periodEnds.length > 0 ? Math.min(...periodEnds) : null),
    cancelAt: dateOf(subscription.ended_at ?? subscription.cancel_at),
  };
}

function eventOf(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        ...base,
        kind: 'checkout-completed',
        sessionId: session.id,
        uid: session.client_reference_id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription', subscription: subscriptionOf(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      return {
        ...base,
        kind: 'invoice',
        invoiceId: invoice.id!,
        paid: event.type === 'invoice.paid',
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    default:
      return { ...base, kind: 'ignored' };
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
      return { url: session.url };
    },
    async createPortalSession({ customerId, returnUrl }) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
    async retrieveSubscription(id) {
      return subscriptionOf(await stripe.subscriptions.retrieve(id));
    },
    async cancelSubscription(id) {
      await stripe.subscriptions.cancel(id);
    },
    verifyEvent(rawBody, signature) {
      try {
        return eventOf(stripe.webhooks.constructEvent(rawBody, signature, webhookSecret));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError)
          throw new InvalidWebhookSignatureError(error.message);
        throw error;
      }
    },
  };
}
