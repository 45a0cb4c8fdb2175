/**
 * What the billing feature needs from a payment provider; the Stripe adapter (real Stripe or the
 * local stand-in, through the same SDK) is in integrations/stripe.ts.
 */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's own status: active, past_due, canceled, incomplete, unpaid, ... */
  status: string;
  /** When the paid period ends (the renewal date while it renews). */
  currentPeriodEnd: Date | null;
  /** When it is set to end (cancelled at period end, or ended). */
  cancelAt: Date | null;
}

interface EventBase {
  id: string;
  type: string;
}

/** A verified webhook event, reduced to what billing acts on. */
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
    | { kind: 'subscription'; subscription: ProviderSubscription }
    | {
        kind: 'invoice';
        invoiceId: string;
        paid: boolean;
        customerId: string | null;
        subscriptionId: string | null;
      }
    | { kind: 'ignored' }
  );

export class InvalidWebhookSignatureError extends Error {}

export interface PaymentProvider {
  createCustomer(input: { uid: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    uid: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string }>;
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  retrieveSubscription(id: string): Promise<ProviderSubscription>;
  /** Ends the subscription now (no further charge); its `deleted` event follows as a webhook. */
  cancelSubscription(id: string): Promise<void>;
  /** Checks the signature over the raw body; throws InvalidWebhookSignatureError. */
  verifyEvent(rawBody: Buffer, signature: string): ProviderEvent;
}
