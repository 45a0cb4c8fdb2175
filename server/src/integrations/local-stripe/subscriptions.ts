import type { EventDelivery } from './events.js';
import {
  newId,
  nowSeconds,
  type LocalCheckoutSession,
  type LocalStripeStore,
  type LocalSubscription,
} from './store.js';

const MONTH_SECONDS = 30 * 24 * 3600;
export const DISCOVER_AMOUNT_CENTS = 2900;

/**
 * What happens on Stripe's side when a customer pays, cancels or misses a renewal: the
 * subscription changes and the events Stripe sends for it go to the app, in Stripe's order.
 */
export function createSubscriptionLifecycle(store: LocalStripeStore, events: EventDelivery) {
  function invoice(subscription: LocalSubscription, status: 'paid' | 'open', reason: string) {
    const item = subscription.items.data[0]!;
    return {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      billing_reason: reason,
      amount_due: DISCOVER_AMOUNT_CENTS,
      amount_paid: status === 'paid' ? DISCOVER_AMOUNT_CENTS : 0,
      currency: 'usd',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      created: nowSeconds(),
      livemode: false,
    };
  }

  return {
    /** The checkout page's Pay: an active subscription, then Stripe's events for it. */
    async pay(session: LocalCheckoutSession): Promise<void> {
      const start = nowSeconds();
      const subscription: LocalSubscription = {
        id: newId('sub'),
        object: 'subscription',
        customer: session.customer,
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: start,
        items: {
          object: 'list',
          data: [
            {
              id: newId('si'),
              object: 'subscription_item',
              quantity: 1,
              current_period_start: start,
              current_period_end: start + MONTH_SECONDS,
              price: {
                id: session.price,
                object: 'price',
                unit_amount: DISCOVER_AMOUNT_CENTS,
                currency: 'usd',
                recurring: { interval: 'month' },
              },
            },
          ],
        },
        metadata: session.metadata,
        livemode: false,
      };
      store.state.subscriptions[subscription.id] = subscription;
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        url: null,
      });
      store.save();
      await events.deliver('customer.subscription.created', subscription);
      await events.deliver('invoice.paid', invoice(subscription, 'paid', 'subscription_create'));
      await events.deliver('checkout.session.completed', session);
    },

    /** Cancels at once (the portal's "Cancel subscription"). */
    async cancel(subscription: LocalSubscription): Promise<void> {
      if (subscription.status === 'canceled') return;
      const now = nowSeconds();
      Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
      store.save();
      await events.deliver('customer.subscription.deleted', subscription);
    },

    /** A renewal whose payment fails: the subscription goes past due. */
    async failRenewal(subscription: LocalSubscription): Promise<void> {
      if (subscription.status === 'canceled') return;
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH_SECONDS;
      subscription.status = 'past_due';
      store.save();
      await events.deliver('invoice.payment_failed', invoice(subscription, 'open', 'subscription_cycle'));
      await events.deliver('customer.subscription.updated', subscription);
    },

    /** A renewal that is paid (also what paying a past-due invoice does). */
    async renew(subscription: LocalSubscription): Promise<void> {
      if (subscription.status === 'canceled') return;
      const item = subscription.items.data[0]!;
      if (subscription.status === 'active') {
        item.current_period_start = item.current_period_end;
        item.current_period_end += MONTH_SECONDS;
      }
      subscription.status = 'active';
      store.save();
      await events.deliver('invoice.paid', invoice(subscription, 'paid', 'subscription_cycle'));
      await events.deliver('customer.subscription.updated', subscription);
    },
  };
}

export type SubscriptionLifecycle = ReturnType<typeof createSubscriptionLifecycle>;
