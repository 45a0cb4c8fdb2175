import { createElement } from 'react';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../../shared/logger.js';
import {
  InvalidWebhookSignatureError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from '../../shared/payments.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import { AccountNotFoundError } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import type { BillingAccountRow, BillingRepo } from './billing.repo.js';
import { mayApply } from './subscription-state.js';
import { PaymentFailed } from './templates/PaymentFailed.js';
import { PurchaseConfirmation } from './templates/PurchaseConfirmation.js';

const Plan = z.enum(['discover']);
/** Statuses in which a new checkout would buy a second subscription. */
const SUBSCRIBED = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

export class UnknownPlanError extends AppError {
  constructor(plan: unknown) {
    super(
      'UNKNOWN_PLAN',
      `Unknown plan: ${typeof plan === 'string' && plan ? plan : '(none)'}. The plan on offer is "discover".`,
    );
  }
}

export class AlreadySubscribedError extends AppError {
  constructor() {
    super(
      'ALREADY_SUBSCRIBED',
      'You are already subscribed to the Discover plan. Use Manage billing to change or cancel it.',
    );
  }
}

export class NoBillingAccountError extends AppError {
  constructor() {
    super('NO_BILLING_ACCOUNT', 'There is no billing account yet: subscribe to the Discover plan first.');
  }
}

export class PaymentsUnavailableError extends AppError {
  constructor() {
    super('PAYMENTS_UNAVAILABLE', "Can't reach the payment provider right now. Please try again later.");
  }
}

export class WebhookSignatureError extends AppError {
  constructor(detail: string) {
    super('WEBHOOK_SIGNATURE_INVALID', `The webhook signature is not valid: ${detail}`);
  }
}

/** The account page's view of the plan. */
export interface Billing {
  status: string | null;
  /** The next renewal, while the subscription renews. */
  renewsAt: Date | null;
  /** When the subscription ends or ended, once it is set to end. */
  endsAt: Date | null;
  /** True once there is a Stripe customer, so the billing portal has something to show. */
  canManage: boolean;
}

export function createBillingService(deps: {
  repo: BillingRepo;
  payments: PaymentProvider;
  mail: MailService;
  logger: Logger;
  priceDiscover: string;
}) {
  const { repo, payments, mail, logger } = deps;

  async function accountOf(viewer: Viewer | null): Promise<BillingAccountRow> {
    assertVerified(viewer);
    const account = await repo.find(viewer.uid);
    if (!account) throw new AccountNotFoundError();
    return account;
  }

  /** Calls the provider; its outages become one clear error, not a stack trace. */
  async function provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      logger.error({ err: error }, 'payment provider call failed');
      throw new PaymentsUnavailableError();
    }
  }

  function billingOf(row: BillingAccountRow): Billing {
    const ending = row.subscription_cancel_at !== null || row.subscription_status === 'canceled';
    return {
      status: row.subscription_status,
      renewsAt:
        !ending && row.subscription_status && SUBSCRIBED.has(row.subscription_status)
          ? row.subscription_period_end
          : null,
      endsAt: ending ? (row.subscription_cancel_at ?? row.subscription_period_end) : null,
      canManage: row.stripe_customer_id !== null,
    };
  }

  /** Applies the subscription's current state to its account, if the rules allow (see mayApply). */
  async function applySubscription(
    trx: Parameters<Parameters<BillingRepo['transaction']>[0]>[0],
    account: BillingAccountRow,
    subscription: ProviderSubscription,
  ): Promise<boolean> {
    if (
      !mayApply(
        { subscriptionId: account.stripe_subscription_id, status: account.subscription_status },
        subscription,
      )
    ) {
      logger.info(
        { uid: account.uid, subscription: subscription.id, status: subscription.status },
        'subscription state not applied',
      );
      return false;
    }
    await repo.saveSubscription(trx, account.uid, {
      id: subscription.id,
      status: subscription.status,
      periodEnd: subscription.currentPeriodEnd,
      cancelAt: subscription.cancelAt,
    });
    return true;
  }

  async function handle(event: ProviderEvent): Promise<void> {
    if (event.kind === 'ignored') return;
    // The subscription as the provider has it now: events may arrive late and out of order.
    const subscriptionId = event.kind === 'subscription' ? event.subscription.id : event.subscriptionId;
    const subscription = subscriptionId
      ? await provider(() => payments.retrieveSubscription(subscriptionId))
      : null;
    let queued = false;
    let closedAccountSubscription: string | null = null;
    await repo.transaction(async (trx) => {
      if (!(await repo.recordEvent(trx, event.id, event.type))) return;
      if (event.kind === 'checkout-completed') {
        const account = event.uid ? await repo.lockByUid(trx, event.uid) : undefined;
        // The session must be for the account's own customer: a session naming another user's
        // customer (or none) changes nobody's plan.
        if (
          !account ||
          !event.customerId ||
          account.stripe_customer_id !== event.customerId ||
          !subscription
        ) {
          logger.warn(
            { event: event.id, uid: event.uid },
            'checkout for a customer that is not the account’s: ignored',
          );
          return;
        }
        await applySubscription(trx, account, subscription);
        if (account.deleted_at) {
          // Paid for after the account was closed: the plan is stopped, not confirmed.
          closedAccountSubscription = subscription.id;
          return;
        }
        queued = await mail.queue(
          {
            key: `billing:purchase:${event.sessionId}`,
            to: account.email,
            subject: 'PatentScout: your Discover plan is active',
            body: createElement(PurchaseConfirmation, {
              name: account.name,
              renewsOn: subscription.currentPeriodEnd?.toISOString().slice(0, 10) ?? null,
              accountLink: mail.link('/account'),
              publicUrl: mail.link('/'),
            }),
          },
          trx,
        );
        return;
      }
      const customerId = event.kind === 'subscription' ? event.subscription.customerId : event.customerId;
      const account = customerId ? await repo.lockByCustomer(trx, customerId) : undefined;
      if (!account) return;
      if (subscription) await applySubscription(trx, account, subscription);
      if (event.kind === 'invoice' && !event.paid && !account.deleted_at) {
        queued = await mail.queue(
          {
            key: `billing:payment-failed:${event.invoiceId}`,
            to: account.email,
            subject: "PatentScout: we couldn't renew your Discover plan",
            body: createElement(PaymentFailed, {
              name: account.name,
              accountLink: mail.link('/account'),
              publicUrl: mail.link('/'),
            }),
          },
          trx,
        );
      }
    });
    if (queued) await mail.flushSoon();
    if (closedAccountSubscription) {
      const subscriptionId = closedAccountSubscription;
      logger.warn(
        { event: event.id, subscriptionId },
        'checkout completed for a closed account: subscription cancelled',
      );
      await provider(() => payments.cancelSubscription(subscriptionId));
    }
  }

  return {
    async billing(viewer: Viewer | null): Promise<Billing> {
      return billingOf(await accountOf(viewer));
    },

    /** A Checkout Session for the plan, with the account's own customer (created once). */
    async createCheckoutSession(viewer: Viewer | null, plan: unknown): Promise<{ url: string }> {
      const parsedPlan = Plan.safeParse(plan);
      if (!parsedPlan.success) throw new UnknownPlanError(plan);
      const account = await accountOf(viewer);
      if (account.subscription_status && SUBSCRIBED.has(account.subscription_status))
        throw new AlreadySubscribedError();
      const customerId =
        account.stripe_customer_id ??
        (await repo.keepCustomer(
          account.uid,
          await provider(() =>
            payments.createCustomer({ uid: account.uid, email: account.email, name: account.name }),
          ),
        ));
      return provider(() =>
        payments.createCheckoutSession({
          customerId,
          uid: account.uid,
          priceId: deps.priceDiscover,
          successUrl: mail.link('/account?success=true'),
          cancelUrl: mail.link('/account?canceled=true'),
        }),
      );
    },

    /** The provider's billing portal for the account's customer (cancel, change the card). */
    async createPortalSession(viewer: Viewer | null): Promise<{ url: string }> {
      const account = await accountOf(viewer);
      if (!account.stripe_customer_id) throw new NoBillingAccountError();
      const customerId = account.stripe_customer_id;
      return provider(() => payments.createPortalSession({ customerId, returnUrl: mail.link('/account') }));
    },

    /**
     * Stops the account's subscription before the account is closed: a deleted account is never
     * charged again. A provider outage refuses the closing (PAYMENTS_UNAVAILABLE), so it can be retried.
     */
    async cancelForClosingAccount(uid: string): Promise<void> {
      const account = await repo.find(uid);
      const subscriptionId = account?.stripe_subscription_id;
      if (!subscriptionId || account.subscription_status === 'canceled') return;
      await provider(() => payments.cancelSubscription(subscriptionId));
    },

    /** A webhook delivery: verified over its raw bytes, then processed exactly once. */
    async receiveWebhook(rawBody: Buffer | null, signature: string | undefined): Promise<void> {
      if (!rawBody || !signature)
        throw new WebhookSignatureError('the Stripe-Signature header and a body are required.');
      let event: ProviderEvent;
      try {
        event = payments.verifyEvent(rawBody, signature);
      } catch (error) {
        if (error instanceof InvalidWebhookSignatureError) throw new WebhookSignatureError(error.message);
        throw error;
      }
      await handle(event);
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
