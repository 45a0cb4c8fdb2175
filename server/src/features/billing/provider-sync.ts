import { createElement } from 'react';
import type { Logger } from '../../shared/logger.js';
import type { PaymentProvider, ProviderSubscription } from '../../shared/payments.js';
import type { AccountsService } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import { canStillCharge, type PlansExecutor, type PlansService, type RecordOutcome } from '../plans/index.js';
import { PaymentsUnavailableError } from './billing.errors.js';
import type { BillingRepo } from './billing.contract.js';
import { DuplicateSubscriptionCancelled } from './templates/DuplicateSubscriptionCancelled.js';

export interface BillingDeps {
  repo: BillingRepo;
  payments: PaymentProvider;
  plans: Pick<
    PlansService,
    | 'recordSubscription'
    | 'duplicatesStillCharging'
    | 'planOf'
    | 'accountOfSubscription'
    | 'chargeableSubscriptions'
    | 'endVanished'
    | 'lockAccount'
  >;
  accounts: Pick<AccountsService, 'getAccount' | 'contactOf' | 'isDeleted'>;
  mail: Pick<MailService, 'queue' | 'flushSoon' | 'link'>;
  logger: Logger;
}

/** What settling an account's subscriptions did. */
export interface Settled {
  duplicatesCancelled: number;
  refundedCents: number;
  /** Subscriptions a closed account still had, cancelled. */
  closedCancelled: number;
}

const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

export interface ProviderSync {
  provider<T>(call: () => Promise<T>): Promise<T>;
  accountOf(subscription: ProviderSubscription, executor?: PlansExecutor): Promise<string | undefined>;
  claim(trx: PlansExecutor, subscription: ProviderSubscription, uid: string): Promise<boolean>;
  record(subscription: ProviderSubscription, uid: string, setBy: string): Promise<RecordOutcome | null>;
  cancelEverything(uid: string, setBy: string): Promise<number>;
  /** The subscription as the provider has it now (null when it has none by that id). */
  retrieve(subscriptionId: string): Promise<ProviderSubscription | null>;
  /**
   * After any change of an account's subscriptions: its duplicates are refunded, cancelled and
   * told about; a closed account's subscriptions are cancelled.
   */
  settle(uid: string): Promise<Settled>;
}

/**
 * Keeps the plan in step with the provider: the provider's subscriptions go to the plans module
 * (which says what they mean), and what must not go on is stopped at the provider: a second
 * subscription of an account (cancelled, its charge refunded, the customer told), and anything a
 * closed account still has.
 */
export function createProviderSync(deps: BillingDeps): ProviderSync {
  const { repo, payments, plans, accounts, mail, logger } = deps;

  /** Calls the provider; its outages become one clear error, not a stack trace. */
  async function provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      logger.error({ err: error }, 'payment provider call failed');
      throw new PaymentsUnavailableError();
    }
  }

  /** The account a subscription belongs to: its customer's, else the one that kept it. */
  async function accountOf(
    subscription: ProviderSubscription,
    executor?: PlansExecutor,
  ): Promise<string | undefined> {
    return (
      (await repo.accountOfCustomer(subscription.customerId, executor)) ??
      (await plans.accountOfSubscription(subscription.id, executor))
    );
  }

  /**
   * Takes the account's lock in `trx` (the purge of the account takes it too), then resolves the
   * subscription's account again: false when the account is no longer its owner, because its
   * purge removed the customer and the subscriptions after the account was first resolved.
   * Nothing may then be written for the account: it would outlive the purge.
   */
  async function claim(
    trx: PlansExecutor,
    subscription: ProviderSubscription,
    uid: string,
  ): Promise<boolean> {
    await plans.lockAccount(trx, uid);
    return (await accountOf(subscription, trx)) === uid;
  }

  /** The provider's state, kept for the account if it still owns the subscription (null: nothing kept). */
  function record(
    subscription: ProviderSubscription,
    uid: string,
    setBy: string,
  ): Promise<RecordOutcome | null> {
    return repo.transaction(async (trx) =>
      (await claim(trx, subscription, uid))
        ? plans.recordSubscription(trx, { uid, subscription, setBy })
        : null,
    );
  }

  async function tellAboutDuplicate(uid: string, duplicate: ProviderSubscription, refundedCents: number) {
    const contact = await accounts.contactOf(uid);
    if (!contact) return;
    const plan = await plans.planOf(uid);
    await mail.queue({
      key: `billing:duplicate-cancelled:${duplicate.id}`,
      to: contact.email,
      subject: 'PatentScout: we cancelled a second Discover subscription',
      body: createElement(DuplicateSubscriptionCancelled, {
        name: contact.name,
        startedOn: day(duplicate.createdAt),
        refunded: refundedCents > 0 ? dollars(refundedCents) : null,
        renewsOn: day(plan.renewsAt),
        accountLink: mail.link('/account'),
        publicUrl: mail.link('/'),
      }),
    });
  }

  /** Cancels every subscription of the account's customer the provider may still charge for. */
  async function cancelEverything(uid: string, setBy: string): Promise<number> {
    const customerId = await repo.customerOf(uid);
    if (!customerId) return 0;
    const subscriptions = await provider(() => payments.listSubscriptions({ customerId }));
    let cancelled = 0;
    for (const subscription of subscriptions.filter(canStillCharge)) {
      const state = await provider(() => payments.cancelSubscription(subscription.id));
      await record(state, uid, setBy);
      cancelled += 1;
    }
    return cancelled;
  }

  return {
    provider,
    accountOf,
    claim,
    record,
    cancelEverything,

    retrieve: (subscriptionId: string) => provider(() => payments.retrieveSubscription(subscriptionId)),

    async settle(uid: string): Promise<Settled> {
      const settled: Settled = { duplicatesCancelled: 0, refundedCents: 0, closedCancelled: 0 };
      for (const duplicate of await plans.duplicatesStillCharging(uid)) {
        const current = await provider(() => payments.retrieveSubscription(duplicate.subscriptionId));
        if (current && canStillCharge(current)) {
          // The refund first: a cancellation that follows a lost refund would leave the charge.
          const refunded = await provider(() => payments.refundLatestPayment(duplicate.subscriptionId));
          const ended = await provider(() => payments.cancelSubscription(duplicate.subscriptionId));
          await record(ended, uid, 'duplicate-cancelled');
          logger.warn(
            { uid, subscription: duplicate.subscriptionId, kept: duplicate.keptId, refundedCents: refunded },
            'second subscription of an account cancelled and refunded',
          );
          await tellAboutDuplicate(uid, ended, refunded);
          settled.duplicatesCancelled += 1;
          settled.refundedCents += refunded;
        } else if (current) {
          await record(current, uid, 'duplicate-cancelled');
        }
      }
      if (await accounts.isDeleted(uid)) {
        settled.closedCancelled = await cancelEverything(uid, 'account-closed');
        if (settled.closedCancelled > 0)
          logger.warn(
            { uid, cancelled: settled.closedCancelled },
            'subscription of a closed account cancelled',
          );
      }
      if (settled.duplicatesCancelled > 0) await mail.flushSoon();
      return settled;
    },
  };
}
