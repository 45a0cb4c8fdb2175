import { z } from 'zod';
import { MalformedWebhookEventError, type ProviderEvent } from '../shared/payments.js';

/**
 * A signed Stripe event read into what billing acts on. The signature proves who sent it, not
 * that its content has the shape its type promises: each type's object is checked here, and one
 * that does not fit is refused with the event's id (a 400, never a crash).
 */

const id = z.string().min(1);
/** An expandable reference: Stripe sends an id, or the object when it was expanded. */
const reference = z.union([id, z.object({ id })]);
const referenceOrNull = reference.nullish();

const Envelope = z.object({
  id,
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

const CheckoutSession = z.object({
  id,
  client_reference_id: z.string().nullish(),
  customer: referenceOrNull,
  subscription: referenceOrNull,
});
const Subscription = z.object({ id, customer: reference });
const Invoice = z.object({
  id,
  customer: referenceOrNull,
  parent: z.object({ subscription_details: z.object({ subscription: referenceOrNull }).nullish() }).nullish(),
});

const idOf = (value: z.infer<typeof referenceOrNull>): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function parse<T>(schema: z.ZodType<T>, object: unknown, eventId: string): T {
  const parsed = schema.safeParse(object);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new MalformedWebhookEventError(
    eventId,
    `data.object${issue.path.length > 0 ? `.${issue.path.join('.')}` : ''}: ${issue.message}`,
  );
}

/** The event's JSON (as verified) as billing's event; throws MalformedWebhookEventError. */
export function providerEventOf(json: unknown): ProviderEvent {
  const envelope = Envelope.safeParse(json);
  if (!envelope.success) {
    const eventId = typeof (json as { id?: unknown })?.id === 'string' ? (json as { id: string }).id : null;
    const issue = envelope.error.issues[0]!;
    throw new MalformedWebhookEventError(eventId, `${issue.path.join('.') || 'the event'}: ${issue.message}`);
  }
  const { id: eventId, type, data } = envelope.data;
  const base = { id: eventId, type };
  switch (type) {
    case 'checkout.session.completed': {
      const session = parse(CheckoutSession, data.object, eventId);
      return {
        ...base,
        kind: 'checkout-completed',
        sessionId: session.id,
        uid: session.client_reference_id ?? null,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    }
    case 'checkout.session.expired':
      return {
        ...base,
        kind: 'checkout-expired',
        sessionId: parse(CheckoutSession, data.object, eventId).id,
      };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = parse(Subscription, data.object, eventId);
      return {
        ...base,
        kind: 'subscription-changed',
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer)!,
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = parse(Invoice, data.object, eventId);
      return {
        ...base,
        kind: type === 'invoice.paid' ? 'invoice-paid' : 'invoice-failed',
        invoiceId: invoice.id,
        customerId: idOf(invoice.customer),
        subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
