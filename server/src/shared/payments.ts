/**
 * What the billing feature needs from a payment provider; the Stripe adapter (real Stripe or the
 * local stand-in, through the same SDK) is in integrations/stripe.ts.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /**
   * The provider's own status (active, past_due, canceled, incomplete, ...): passed through to
   * the plans module, which alone reads it (features/plans/plan-status.ts).
   */
  status: string;
  /** When the provider created it (the earliest of an account's subscriptions is the one kept). */
  createdAt: Date | null;
  /** When the paid period ends (the renewal date while it renews). */
  currentPeriodEnd: Date | null;
  /** When it is set to end (cancelled at period end, or ended). */
  cancelAt: Date | null;
}

/** A checkout session as billing needs it: open (payable) or not, and what it bought. */
export interface ProviderCheckoutSession {
  id: string;
  url: string | null;
  open: boolean;
  subscriptionId: string | null;
  expiresAt: Date | null;
}

interface EventBase {
  id: string;
  /** The provider's event type, for the record (`customer.subscription.updated`, ...). */
  type: string;
}

interface InvoiceEvent {
  invoiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
}

/** A verified webhook event, reduced to what billing acts on: one kind per handler. */
export type ProviderEvent = EventBase &
  (
    | {
        kind: 'checkout-completed';
        sessionId: string;
        /** The account the session was made for (its client_reference_id). */
        uid: string | null;
        customerId: string | null;
        subscriptionId: string | null;
      }
    | { kind: 'checkout-expired'; sessionId: string }
    | { kind: 'subscription-changed'; subscriptionId: string; customerId: string }
    | ({ kind: 'invoice-paid' } & InvoiceEvent)
    | ({ kind: 'invoice-failed' } & InvoiceEvent)
    | { kind: 'other' }
  );

export class InvalidWebhookSignatureError extends Error {}

/** A correctly signed event whose content is not what its type promises. */
export class MalformedWebhookEventError extends Error {
  constructor(
    readonly eventId: string | null,
    detail: string,
  ) {
    super(detail);
  }
}

export interface PaymentProvider {
  createCustomer(input: { uid: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    uid: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<ProviderCheckoutSession>;
  /** The session as the provider has it now; null when it has none by that id. */
  retrieveCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Closes an open session: it can no longer be paid. */
  expireCheckoutSession(id: string): Promise<void>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** The subscription as the provider has it now; null when it has none by that id. */
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  /**
   * Subscriptions, newest first: a customer's (every status), or, without one, every
   * subscription that has not been cancelled (the reconciliation's list).
   */
  listSubscriptions(filter: { customerId?: string }): Promise<ProviderSubscription[]>;
  /** Ends the subscription now (no further charge) and answers its state. */
  cancelSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Refunds what the subscription's latest invoice took (a duplicate's charge); answers the
   * amount refunded in cents (0 when nothing was paid or it was refunded already).
   */
  refundLatestPayment(subscriptionId: string): Promise<number>;
  /** Checks the signature over the raw body; throws InvalidWebhookSignatureError or MalformedWebhookEventError. */
  verifyEvent(rawBody: Buffer, signature: string): ProviderEvent;
}
