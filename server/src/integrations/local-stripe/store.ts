import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The stand-in's objects, shaped as Stripe's API answers them (only the fields the product and
 * the SDK's types rely on), kept in memory and, when a file is given, saved there after each
 * change so that customers and subscriptions outlive a restart like Stripe's do.
 */
export interface LocalCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  /** Cents; negative is a credit (a prorated cancellation's unused time). */
  balance: number;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface LocalCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  customer: string;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  url: string | null;
  expires_at: number;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  price: string;
  created: number;
  livemode: false;
}

export interface LocalSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  latest_invoice: string | null;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      quantity: number;
      current_period_start: number;
      current_period_end: number;
      price: {
        id: string;
        object: 'price';
        unit_amount: number;
        currency: string;
        recurring: { interval: 'month' };
      };
    }>;
  };
  metadata: Record<string, string>;
  livemode: false;
}

export interface LocalInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'paid' | 'open';
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  total: number;
  currency: string;
  period_start: number;
  period_end: number;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string } };
  /** The stand-in's own record of the payment that paid it (Stripe keeps it on an InvoicePayment). */
  payment_intent: string | null;
  created: number;
  livemode: false;
}

export interface LocalRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  reason: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface LocalPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
  created: number;
  livemode: false;
}

interface State {
  customers: Record<string, LocalCustomer>;
  sessions: Record<string, LocalCheckoutSession>;
  subscriptions: Record<string, LocalSubscription>;
  portalSessions: Record<string, LocalPortalSession>;
  invoices: Record<string, LocalInvoice>;
  refunds: Record<string, LocalRefund>;
  /** Idempotency-Key -> the id of what the first request created (Stripe's own idempotency). */
  idempotency: Record<string, string>;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The local Stripe stand-in's state, in memory and saved to its file when one is given. */
export interface LocalStripeStore {
  state: State;
  save: () => void;
  subscriptionsOf(customer: string): LocalSubscription[];
}

export function createLocalStripeStore(file?: string): LocalStripeStore {
  const empty: State = {
    customers: {},
    sessions: {},
    subscriptions: {},
    portalSessions: {},
    invoices: {},
    refunds: {},
    idempotency: {},
  };
  const state: State =
    file && existsSync(file) ? { ...empty, ...JSON.parse(readFileSync(file, 'utf8')) } : empty;

  function save(): void {
    if (!file) return;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(state));
    renameSync(`${file}.tmp`, file);
  }

  return {
    state,
    save,
    subscriptionsOf(customer: string): LocalSubscription[] {
      return Object.values(state.subscriptions)
        .filter((subscription) => subscription.customer === customer)
        .sort((a, b) => b.created - a.created);
    },
  };
}
