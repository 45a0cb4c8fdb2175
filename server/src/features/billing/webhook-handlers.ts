import { createElement } from 'react';
import type { Kysely } from 'kysely';
import type { Database } from '@patentscout/db';
import type { ProviderEvent, ProviderSubscription } from '../../shared/payments.js';
import type { RecordOutcome } from '../plans/index.js';
import type { BillingDeps, ProviderSync } from './provider-sync.js';
import { PaymentFailed } from './templates/PaymentFailed.js';
import { PurchaseConfirmation } from './templates/PurchaseConfirmation.js';

type EventOf<Kind extends ProviderEvent['kind']> = Extract<ProviderEvent, { kind: Kind }>;

/** What a handler adds inside the event's transaction, once the subscription is kept; true if it queued mail. */
type Then = (
  trx: Kysely<Database>,
  found: { uid: string; subscription: ProviderSubscription; outcome: RecordOutcome },
) => Promise<boolean>;

/**
 * One small handler per kind of provider event. Each event is processed once (its id is recorded
 * in the same transaction as its effect), and what a subscription event says is never taken from
 * the event: the subscription is read from the provider, so late and replayed events are harmless.
 * An event whose subscription or customer is unknown is recorded as unmatched, answered 200, and
 * retried by the reconciliation.
 */
export function createWebhookHandlers(deps: BillingDeps & { sync: ProviderSync }) {
  const { repo, plans, accounts, mail, logger, sync } = deps;

  const recordOnly = (event: ProviderEvent, outcome: 'ignored' | 'unmatched' | 'applied', extra = {}) =>
    repo.transaction((trx) => repo.recordEvent(trx, { id: event.id, type: event.type, outcome, ...extra }));

  /** Brings the event's subscription into the plan, then settles the account (duplicates, closing). */
  async function applySubscription(event: ProviderEvent, subscriptionId: string | null, then?: Then) {
    if (await repo.isRecorded(event.id)) return;
    if (!subscriptionId) {
      await recordOnly(event, 'ignored');
      return;
    }
    const subscription = await sync.retrieve(subscriptionId);
    const uid = subscription ? await sync.accountOf(subscription) : undefined;
    if (!subscription || !uid) {
      logger.warn(
        { event: event.id, type: event.type, subscription: subscriptionId },
        'event for an unknown subscription: kept for the reconciliation',
      );
      await recordOnly(event, 'unmatched', { subscriptionId, customerId: subscription?.customerId ?? null });
      return;
    }
    let queued = false;
    const stillTheirs = await repo.transaction(async (trx) => {
      // The account's purge may have run since it was resolved: resolved again under its lock.
      const theirs = await sync.claim(trx, subscription, uid);
      const first = await repo.recordEvent(trx, {
        id: event.id,
        type: event.type,
        outcome: theirs ? 'applied' : 'unmatched',
        subscriptionId,
        customerId: subscription.customerId,
      });
      if (first && theirs) {
        const outcome = await plans.recordSubscription(trx, { uid, subscription, setBy: event.id });
        if (then) queued = await then(trx, { uid, subscription, outcome });
      }
      return theirs;
    });
    if (!stillTheirs) {
      logger.warn(
        { event: event.id, type: event.type, subscription: subscriptionId, uid },
        'event for an account purged meanwhile: kept for the reconciliation',
      );
      return;
    }
    if (queued) await mail.flushSoon();
    try {
      await sync.settle(uid);
    } catch (error) {
      logger.warn({ err: error, uid }, 'account not settled now: the reconciliation settles it');
    }
  }

  async function checkoutCompleted(event: EventOf<'checkout-completed'>) {
    // The session must be for the account's own customer: one naming another user's customer
    // (or none) changes nobody's plan.
    const customerOfAccount = event.uid ? await repo.customerOf(event.uid) : undefined;
    if (!event.customerId || customerOfAccount !== event.customerId) {
      logger.warn(
        { event: event.id, uid: event.uid },
        'checkout for a customer that is not the account’s: ignored',
      );
      await recordOnly(event, 'ignored');
      return;
    }
    await applySubscription(event, event.subscriptionId, async (trx, { uid, subscription, outcome }) => {
      await repo.closeCheckout(event.sessionId, 'complete', trx);
      const contact = outcome.current ? await accounts.contactOf(uid) : null;
      if (!contact) return false;
      return mail.queue(
        {
          key: `billing:purchase:${event.sessionId}`,
          to: contact.email,
          subject: 'PatentScout: your Discover plan is active',
          body: createElement(PurchaseConfirmation, {
            name: contact.name,
            renewsOn: subscription.currentPeriodEnd?.toISOString().slice(0, 10) ?? null,
            accountLink: mail.link('/account'),
            publicUrl: mail.link('/'),
          }),
        },
        trx,
      );
    });
  }

  async function checkoutExpired(event: EventOf<'checkout-expired'>) {
    await repo.transaction(async (trx) => {
      if (await repo.recordEvent(trx, { id: event.id, type: event.type, outcome: 'applied' }))
        await repo.closeCheckout(event.sessionId, 'expired', trx);
    });
  }

  async function invoiceFailed(event: EventOf<'invoice-failed'>) {
    await applySubscription(event, event.subscriptionId, async (trx, { uid, outcome }) => {
      const contact = outcome.current ? await accounts.contactOf(uid) : null;
      if (!contact) return false;
      return mail.queue(
        {
          key: `billing:payment-failed:${event.invoiceId}`,
          to: contact.email,
          subject: "PatentScout: we couldn't renew your Discover plan",
          body: createElement(PaymentFailed, {
            name: contact.name,
            accountLink: mail.link('/account'),
            publicUrl: mail.link('/'),
          }),
        },
        trx,
      );
    });
  }

  return {
    async handle(event: ProviderEvent): Promise<void> {
      switch (event.kind) {
        case 'checkout-completed':
          return checkoutCompleted(event);
        case 'checkout-expired':
          return checkoutExpired(event);
        case 'subscription-changed':
          return applySubscription(event, event.subscriptionId);
        case 'invoice-paid':
          return applySubscription(event, event.subscriptionId);
        case 'invoice-failed':
          return invoiceFailed(event);
        case 'other':
          if (!(await repo.isRecorded(event.id))) await recordOnly(event, 'ignored');
      }
    },
  };
}
