import type { ProviderSubscription } from '../../shared/payments.js';
import type { Viewer } from '../../shared/viewer.js';
import type { Allowance, MonthStanding } from './allowance.js';
import type { PlanChange } from './plan-status.js';
import type { Executor } from './plans.repo.js';

export type PlanName = 'free' | 'discover';
/** The plan's state in the product's words; the provider's statuses never leave this module. */
export type PlanStatus = 'free' | 'active' | 'past-due' | 'ended';

/** What an account's plan is now. */
export interface Plan {
  name: PlanName;
  status: PlanStatus;
  /** The next renewal, while the subscription renews. */
  renewsAt: Date | null;
  /** When the subscription ends or ended, once it is set to end. */
  endsAt: Date | null;
  /** The provider subscription the plan stands on, if any. */
  subscriptionId: string | null;
}

/** The plan with the month's allowance: what the account may do now. */
export type AccountPlan = Plan & MonthStanding;

/** What recording a provider subscription did. */
export interface RecordOutcome {
  /** False when the state was kept already, or may not replace it (nothing written). */
  changed: boolean;
  /** The subscription was not kept before. */
  added: boolean;
  change: PlanChange | null;
  /** The account keeps another subscription: this one is a duplicate, to cancel and refund. */
  duplicate: boolean;
  /** This subscription is the one the account's plan stands on now. */
  current: boolean;
}

/** The plan feature's service: the account's plan, and (from `Allowance`) its month's uses. */
export interface PlansService extends Allowance {
  planOf: (uid: string) => Promise<Plan>;
  isSubscribed: (uid: string) => Promise<boolean>;
  /** The plan with the month's standing, `searchesThisMonth` counted by the caller. */
  accountPlan: (uid: string, searchesThisMonth: number) => Promise<AccountPlan>;
  /** The specification's subscription status of the account: 'active' means paid. */
  subscriptionStatusOf: (uid: string) => Promise<string | null>;
  /** The signed-in user's plan with this month's standing. */
  viewerPlan(viewer: Viewer | null): Promise<AccountPlan>;
  /** The signed-in user's searches this month. */
  viewerSearchesThisMonth(viewer: Viewer | null): Promise<number>;
  /**
   * Keeps a provider subscription's state for its account (in the caller's transaction, with the
   * event that brought it). An ended subscription stays ended; a second live subscription of
   * the account is marked a duplicate of the one the account keeps (see `displaces`), which
   * billing then cancels and refunds.
   */
  recordSubscription(
    executor: Executor,
    input: {
      uid: string;
      subscription: ProviderSubscription;
      setBy: string;
    },
  ): Promise<RecordOutcome>;
  /**
   * A kept subscription the provider no longer has at all (deleted with its test data, say):
   * it ends here too, so that it lifts no limit.
   */
  endVanished(subscriptionId: string, setBy: string): Promise<boolean>;
  /** Second subscriptions not ended yet: of one account, or of every account. */
  duplicatesStillCharging: (uid?: string) => Promise<
    {
      subscriptionId: string;
      uid: string;
      keptId: string;
    }[]
  >;
  /** Every subscription kept as one the provider may still charge for (the reconciliation's list). */
  chargeableSubscriptions: () => Promise<
    {
      subscriptionId: string;
      uid: string;
    }[]
  >;
  /** The account a known subscription belongs to (read in the caller's transaction when given). */
  accountOfSubscription: (subscriptionId: string, executor?: Executor) => Promise<string | undefined>;
  /**
   * Holds the account's lock until the caller's transaction ends: recording its subscriptions
   * and the purge of the account wait for it, so what the caller reads of the account then
   * stays true until it commits.
   */
  lockAccount: (executor: Executor, uid: string) => Promise<void>;
  /** The plan's part in purging closed accounts: subscriptions, ledger; the history stays anonymous. */
  purge(uids: readonly string[]): Promise<void>;
}
