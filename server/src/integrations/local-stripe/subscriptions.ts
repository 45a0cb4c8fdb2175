import type { EventDelivery } from './events.js';
import {
  newId,
  nowSeconds,
  type LocalCheckoutSession,
  type LocalInvoice,
  type LocalStripeStore,
  type LocalSubscription,
} from './store.js';

const MONTH_SECONDS = 30 * 24 * 3600;
export const DISCOVER_AMOUNT_CENTS = 2900;

/** The local Stripe stand-in's subscriptions: paid, created, cancelled, renewed, with events. */
export interface SubscriptionLifecycle {
  /** The checkout page's Pay: an active subscription, then Stripe's events for it. */
  pay(session: LocalCheckoutSession): Promise<void>;
  /** A subscription made by the API or in the dashboard, charged at once to the card on file. */
  create(
    customer: string,
    price: string,
    metadata: Record<string, string>,
  ): {
    subscription: LocalSubscription;
    delivered: Promise<void>;
  };
  /**
   * Cancels at once. With `prorate`, the unused part of the paid period is credited to the
   * customer's balance (and, with `invoiceNow`, on a final invoice), as Stripe does.
   */
  cancel(
    subscription: LocalSubscription,
    options?: {
      prorate?: boolean;
      invoiceNow?: boolean;
    },
  ): Promise<void>;
  /** A renewal whose payment fails: the subscription goes past due. */
  failRenewal(subscription: LocalSubscription): Promise<void>;
  /** A renewal that is paid (also what paying a past-due invoice does). */
  renew(subscription: LocalSubscription): Promise<void>;
}

/**
 * What happens on Stripe's side when a customer pays, a subscription is made or cancelled (by the
 * API, the portal or the dashboard), or a renewal is paid or missed: the objects change and the
 * events Stripe sends for them go to the app, in Stripe's order. Each returns the promise of its
 * events' delivery: the hosted pages wait for it, API calls do not.
 */
export function createSubscriptionLifecycle(
  store: LocalStripeStore,
  events: EventDelivery,
): SubscriptionLifecycle {
  const { state } = store;

  /** An invoice for the subscription's current period, kept; a paid one has its payment's id. */
  function invoice(subscription: LocalSubscription, status: 'paid' | 'open', reason: string): LocalInvoice {
    const item = subscription.items.data[0]!;
    const created: LocalInvoice = {
      id: newId('in'),
      object: 'invoice',
      customer: subscription.customer,
      status,
      billing_reason: reason,
      amount_due: DISCOVER_AMOUNT_CENTS,
      amount_paid: status === 'paid' ? DISCOVER_AMOUNT_CENTS : 0,
      total: DISCOVER_AMOUNT_CENTS,
      currency: 'usd',
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      payment_intent: status === 'paid' ? newId('pi') : null,
      created: nowSeconds(),
      livemode: false,
    };
    state.invoices[created.id] = created;
    subscription.latest_invoice = created.id;
    return created;
  }

  /** A new active subscription to the price, paid for its first month (a card on file). */
  function newSubscription(customer: string, price: string, metadata: Record<string, string>) {
    const start = nowSeconds();
    const subscription: LocalSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      latest_invoice: null,
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
              id: price,
              object: 'price',
              unit_amount: DISCOVER_AMOUNT_CENTS,
              currency: 'usd',
              recurring: { interval: 'month' },
            },
          },
        ],
      },
      metadata,
      livemode: false,
    };
    state.subscriptions[subscription.id] = subscription;
    return { subscription, paid: invoice(subscription, 'paid', 'subscription_create') };
  }

  /**
   * A renewal's invoice, paid (`active`) or not (`past_due`), after moving the period on when
   * `nextPeriod`; a cancelled subscription renews no more.
   */
  function renewal(subscription: LocalSubscription, nextPeriod: boolean, status: 'active' | 'past_due') {
    if (subscription.status === 'canceled') return Promise.resolve();
    if (nextPeriod) {
      const item = subscription.items.data[0]!;
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH_SECONDS;
    }
    subscription.status = status;
    const paid = status === 'active';
    const bill = invoice(subscription, paid ? 'paid' : 'open', 'subscription_cycle');
    store.save();
    void events.deliver(paid ? 'invoice.paid' : 'invoice.payment_failed', bill);
    return events.deliver('customer.subscription.updated', subscription);
  }

  return {
    /** The checkout page's Pay: an active subscription, then Stripe's events for it. */
    pay(session: LocalCheckoutSession): Promise<void> {
      const { subscription, paid } = newSubscription(session.customer, session.price, session.metadata);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        url: null,
      });
      store.save();
      void events.deliver('customer.subscription.created', subscription);
      void events.deliver('invoice.paid', paid);
      return events.deliver('checkout.session.completed', session);
    },

    /** A subscription made by the API or in the dashboard, charged at once to the card on file. */
    create(customer: string, price: string, metadata: Record<string, string>) {
      const { subscription, paid } = newSubscription(customer, price, metadata);
      store.save();
      void events.deliver('customer.subscription.created', subscription);
      const delivered = events.deliver('invoice.paid', paid);
      return { subscription, delivered };
    },

    /**
     * Cancels at once. With `prorate`, the unused part of the paid period is credited to the
     * customer's balance (and, with `invoiceNow`, on a final invoice), as Stripe does.
     */
    cancel(
      subscription: LocalSubscription,
      options: { prorate?: boolean; invoiceNow?: boolean } = {},
    ): Promise<void> {
      if (subscription.status === 'canceled') return Promise.resolve();
      const now = nowSeconds();
      const item = subscription.items.data[0]!;
      if (options.prorate && subscription.status === 'active' && item.current_period_end > now) {
        const period = item.current_period_end - item.current_period_start;
        const credit = Math.round((DISCOVER_AMOUNT_CENTS * (item.current_period_end - now)) / period);
        const customer = state.customers[subscription.customer];
        if (customer) customer.balance = (customer.balance ?? 0) - credit;
        if (options.invoiceNow) {
          const final = invoice(subscription, 'paid', 'subscription_cycle');
          Object.assign(final, { amount_due: 0, amount_paid: 0, total: -credit, payment_intent: null });
        }
      }
      Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now });
      store.save();
      return events.deliver('customer.subscription.deleted', subscription);
    },

    /** A renewal whose payment fails: the subscription goes past due. */
    failRenewal(subscription: LocalSubscription): Promise<void> {
      return renewal(subscription, true, 'past_due');
    },

    /** A renewal that is paid (also what paying a past-due invoice does). */
    renew(subscription: LocalSubscription): Promise<void> {
      // A past-due subscription's period moved on when its renewal failed.
      return renewal(subscription, subscription.status === 'active', 'active');
    },
  };
}
