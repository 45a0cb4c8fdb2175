import { z } from 'zod';
import type { Clock } from '../../shared/clock.js';
import {
  InvalidWebhookSignatureError,
  MalformedWebhookEventError,
  type ProviderEvent,
} from '../../shared/payments.js';
import { keyedSerial } from '../../shared/serial.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { Account } from '../accounts/index.js';
import {
  AlreadySubscribedError,
  NoBillingAccountError,
  UnknownPlanError,
  WebhookEventInvalidError,
  WebhookSignatureError,
} from './billing.errors.js';
import type { ReconciliationRun } from './billing.contract.js';
import { createProviderSync, type BillingDeps } from './provider-sync.js';
import { createReconciliation, type ReconciliationResult } from './reconcile.js';
import { createWebhookHandlers } from './webhook-handlers.js';

const Plan = z.enum(['discover']);
/** An open checkout is offered again only while it has this long left to run. */
const REUSE_MARGIN_MS = 15 * 60_000;

/** The account page's view of billing (the plan itself is the plans module's). */
export interface Billing {
  /** True once there is a provider customer, so the billing portal has something to show. */
  canManage: boolean;
}

export interface BillingService {
  billing(viewer: Viewer | null): Promise<Billing>;
  /** A Checkout Session for the plan: the account's open one while it lasts, else a new one. */
  createCheckoutSession(viewer: Viewer | null, plan: unknown): Promise<{ url: string }>;
  /** The provider's billing portal for the account's customer (cancel, change the card). */
  createPortalSession(viewer: Viewer | null): Promise<{ url: string }>;
  /**
   * Before an account closes: its open checkouts are closed and every subscription its customer
   * has at the provider (listed there, not only the one kept) is cancelled, so a closed account
   * is never charged again. A provider outage refuses the closing (PAYMENTS_UNAVAILABLE).
   */
  closeAccount(uid: string): Promise<void>;
  /**
   * Billing's part in the purge: the provider is asked again, and anything it could still charge
   * is cancelled before the account's records go.
   */
  purge(uids: readonly string[]): Promise<void>;
  /** A webhook delivery: verified over its raw bytes, then handled once by its kind's handler. */
  receiveWebhook(rawBody: Buffer | null, signature: string | undefined): Promise<void>;
  /** Compares the provider's subscriptions with the plan's and fixes the drift. */
  reconcile(trigger: string): Promise<ReconciliationResult>;
  /** The reconciliation's latest run (since `since`, when given). */
  lastReconciliation(since?: Date): Promise<ReconciliationRun | undefined>;
  /** What `/metrics` reports of billing: the latest reconciliation, and events still unmatched. */
  figures(): Promise<{ lastRun: ReconciliationRun | undefined; unmatchedEvents: number }>;
}

/**
 * Billing turns the payment provider's world into calls on the plans module: checkout (one open
 * session per account), the portal, webhook events, closing an account (everything the customer
 * has is cancelled) and the daily reconciliation.
 */
export function createBillingService(
  deps: BillingDeps & { clock: Clock; priceDiscover: string },
): BillingService {
  const { repo, payments, plans, accounts, mail, logger, clock } = deps;
  const sync = createProviderSync(deps);
  const webhooks = createWebhookHandlers({ ...deps, sync });
  const reconcile = createReconciliation({ ...deps, sync });
  const { provider } = sync;
  const oneAtATime = keyedSerial();

  const hasPlan = async (uid: string) => (await plans.planOf(uid)).name === 'discover';

  /** The account's provider customer, created once (the provider's idempotency keeps it single). */
  async function customerFor(account: Account): Promise<string> {
    const known = await repo.customerOf(account.uid);
    if (known) return known;
    const created = await provider(() =>
      payments.createCustomer({ uid: account.uid, email: account.email, name: account.name }),
    );
    return repo.keepCustomer(account.uid, created);
  }

  /** Closes a session at the provider if it is still open (it can be paid no more). */
  async function expireIfOpen(sessionId: string): Promise<void> {
    const session = await provider(() => payments.retrieveCheckoutSession(sessionId));
    if (session?.open) await provider(() => payments.expireCheckoutSession(sessionId));
    await repo.closeCheckout(sessionId, session?.subscriptionId ? 'complete' : 'expired');
  }

  /**
   * The account's open checkout, if it can still be paid for a while: the same session is
   * offered again, so two tabs or two clicks cannot buy two subscriptions. One that was paid
   * meanwhile (its events not processed yet) brings its subscription into the plan now.
   */
  async function reusableCheckout(uid: string): Promise<string | null> {
    const open = await repo.openCheckout(uid);
    if (!open) return null;
    const session = await provider(() => payments.retrieveCheckoutSession(open.sessionId));
    const lasting =
      !session?.expiresAt || session.expiresAt.getTime() - clock.now().getTime() > REUSE_MARGIN_MS;
    if (session?.open && session.url && lasting) return session.url;
    if (session?.open) await provider(() => payments.expireCheckoutSession(open.sessionId));
    await repo.closeCheckout(open.sessionId, session?.subscriptionId ? 'complete' : 'expired');
    if (session?.subscriptionId) {
      const subscription = await sync.retrieve(session.subscriptionId);
      if (subscription) await sync.record(subscription, uid, `checkout:${session.id}`);
      if (await hasPlan(uid)) throw new AlreadySubscribedError();
    }
    return null;
  }

  return {
    async billing(viewer: Viewer | null): Promise<Billing> {
      assertVerified(viewer);
      const account = await accounts.getAccount(viewer);
      return { canManage: (await repo.customerOf(account.uid)) !== undefined };
    },

    async createCheckoutSession(viewer: Viewer | null, plan: unknown): Promise<{ url: string }> {
      if (!Plan.safeParse(plan).success) throw new UnknownPlanError(plan);
      assertVerified(viewer);
      const account = await accounts.getAccount(viewer);
      return oneAtATime(account.uid, async () => {
        if (await hasPlan(account.uid)) throw new AlreadySubscribedError();
        const reused = await reusableCheckout(account.uid);
        if (reused) return { url: reused };
        const customerId = await customerFor(account);
        const session = await provider(() =>
          payments.createCheckoutSession({
            customerId,
            uid: account.uid,
            priceId: deps.priceDiscover,
            successUrl: mail.link('/account?success=true'),
            cancelUrl: mail.link('/account?canceled=true'),
          }),
        );
        const stored = await repo.saveCheckout({
          sessionId: session.id,
          uid: account.uid,
          url: session.url,
          expiresAt: session.expiresAt,
        });
        if (stored && session.url) return { url: session.url };
        // Another server process opened one for the account meanwhile: that one stands.
        await expireIfOpen(session.id);
        const winner = await repo.openCheckout(account.uid);
        if (!winner?.url) throw new AlreadySubscribedError();
        return { url: winner.url };
      });
    },

    async createPortalSession(viewer: Viewer | null): Promise<{ url: string }> {
      assertVerified(viewer);
      const account = await accounts.getAccount(viewer);
      const customerId = await repo.customerOf(account.uid);
      if (!customerId) throw new NoBillingAccountError();
      return provider(() => payments.createPortalSession({ customerId, returnUrl: mail.link('/account') }));
    },

    async closeAccount(uid: string): Promise<void> {
      for (const sessionId of await repo.openCheckoutsOf([uid])) await expireIfOpen(sessionId);
      await sync.cancelEverything(uid, 'account-closing');
    },

    async purge(uids: readonly string[]): Promise<void> {
      for (const uid of uids) {
        for (const sessionId of await repo.openCheckoutsOf([uid])) await expireIfOpen(sessionId);
        const cancelled = await sync.cancelEverything(uid, 'account-purge');
        if (cancelled > 0) logger.warn({ uid, cancelled }, 'the purge found live subscriptions: cancelled');
      }
      await repo.purge(uids);
    },

    async receiveWebhook(rawBody: Buffer | null, signature: string | undefined): Promise<void> {
      if (!rawBody || !signature)
        throw new WebhookSignatureError('the Stripe-Signature header and a body are required.');
      let event: ProviderEvent;
      try {
        event = payments.verifyEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidWebhookSignatureError) throw new WebhookSignatureError(error.message);
        if (error instanceof MalformedWebhookEventError) {
          logger.warn({ event: error.eventId, detail: error.message }, 'malformed webhook event refused');
          throw new WebhookEventInvalidError(error.eventId, error.message);
        }
        throw error;
      }
      await webhooks.handle(event);
    },

    reconcile,

    lastReconciliation: (since?: Date) => repo.lastReconciliation(since),

    async figures() {
      const [lastRun, unmatchedEvents] = await Promise.all([
        repo.lastReconciliation(),
        repo.countUnmatched(),
      ]);
      return { lastRun, unmatchedEvents };
    },
  };
}
