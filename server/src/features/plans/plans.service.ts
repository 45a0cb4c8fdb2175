import type { Logger } from '../../shared/logger.js';
import type { ProviderSubscription } from '../../shared/payments.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { Allowance } from './allowance.js';
import { canStillCharge, changeOf, isLive, mayReplace, standingOf, VANISHED_STATUS } from './plan-status.js';
import type { Executor, PlanSubscriptionRow, PlansRepo, SubscriptionRecord } from './plans.repo.js';
import type { PlanStatus, Plan, AccountPlan, RecordOutcome, PlansService } from './plans.contract.js';
export type {
  PlanName,
  PlanStatus,
  Plan,
  AccountPlan,
  RecordOutcome,
  PlansService,
} from './plans.contract.js';

const RANK = { active: 0, 'past-due': 1, pending: 2, ended: 3 } as const;

/** The subscription an account keeps of two live ones: the better standing, then the earlier. */
function keptFirst(a: PlanSubscriptionRow | SubscriptionRecord, b: PlanSubscriptionRow | SubscriptionRecord) {
  const view = (row: PlanSubscriptionRow | SubscriptionRecord) =>
    'subscription_id' in row
      ? { id: row.subscription_id, status: row.status, started: row.started_at }
      : { id: row.subscriptionId, status: row.status, started: row.startedAt };
  const [x, y] = [view(a), view(b)];
  const byRank = RANK[standingOf(x.status)] - RANK[standingOf(y.status)];
  if (byRank !== 0) return byRank;
  const byStart = (x.started?.getTime() ?? Infinity) - (y.started?.getTime() ?? Infinity);
  return byStart !== 0 ? byStart : x.id.localeCompare(y.id);
}

/**
 * Whether a newcomer takes the place of the subscription the account keeps: only in a strictly
 * better standing, or strictly older at the provider (found late, by the reconciliation). A tie
 * keeps the incumbent, so the customer's confirmed subscription stays theirs.
 */
function displaces(newcomer: SubscriptionRecord, incumbent: PlanSubscriptionRow): boolean {
  const byRank = RANK[standingOf(newcomer.status)] - RANK[standingOf(incumbent.status)];
  if (byRank !== 0) return byRank < 0;
  return (
    newcomer.startedAt !== null &&
    incumbent.started_at !== null &&
    newcomer.startedAt.getTime() < incumbent.started_at.getTime()
  );
}

/** The account's plan from its subscriptions. */
export function planFrom(rows: readonly PlanSubscriptionRow[]): Plan {
  const own = rows.filter((row) => row.duplicate_of === null);
  const live = own.filter((row) => isLive(row.status)).sort(keptFirst)[0];
  if (live) {
    return {
      name: 'discover',
      status: standingOf(live.status) === 'active' ? 'active' : 'past-due',
      renewsAt: live.cancel_at ? null : live.current_period_end,
      endsAt: live.cancel_at,
      subscriptionId: live.subscription_id,
    };
  }
  const ended = own
    .filter((row) => standingOf(row.status) === 'ended')
    .sort((a, b) => b.updated_at.getTime() - a.updated_at.getTime())[0];
  if (ended) {
    return {
      name: 'free',
      status: 'ended',
      renewsAt: null,
      endsAt: ended.cancel_at ?? ended.current_period_end,
      subscriptionId: ended.subscription_id,
    };
  }
  return { name: 'free', status: 'free', renewsAt: null, endsAt: null, subscriptionId: null };
}

/** Subscribed: the plan is paid (`active`), which lifts the free plan's limit. */
export const isSubscribed = (plan: Plan): boolean => plan.status === 'active';

/** The specification's `subscriptionStatus` (`GET /api/users`): 'active' while the plan is paid. */
const SPEC_STATUS: Record<PlanStatus, string | null> = {
  free: null,
  active: 'active',
  'past-due': 'past_due',
  ended: 'canceled',
};

/**
 * The one owner of what an account may do: its plan (from the provider's subscriptions, which
 * billing hands in), and the month's allowance and one-shot credits.
 */
export function createPlansService(deps: {
  repo: PlansRepo;
  allowance: Allowance;
  logger: Logger;
}): PlansService {
  const { repo, allowance, logger } = deps;

  const planOf = async (uid: string): Promise<Plan> => planFrom(await repo.subscriptionsOf(uid));
  async function accountPlan(uid: string, searchesThisMonth: number): Promise<AccountPlan> {
    const plan = await planOf(uid);
    return { ...plan, ...allowance.monthStanding(searchesThisMonth, isSubscribed(plan)) };
  }

  return {
    ...allowance,
    planOf,
    isSubscribed: async (uid: string): Promise<boolean> => isSubscribed(await planOf(uid)),

    /** The plan with the month's standing, `searchesThisMonth` counted by the caller. */
    accountPlan,

    /** The specification's subscription status of the account: 'active' means paid. */
    subscriptionStatusOf: async (uid: string): Promise<string | null> =>
      SPEC_STATUS[(await planOf(uid)).status],

    /** The signed-in user's plan with this month's standing. */
    async viewerPlan(viewer: Viewer | null): Promise<AccountPlan> {
      assertVerified(viewer);
      return accountPlan(viewer.uid, await allowance.searchesThisMonth(viewer.uid));
    },

    /** The signed-in user's searches this month. */
    async viewerSearchesThisMonth(viewer: Viewer | null): Promise<number> {
      assertVerified(viewer);
      return allowance.searchesThisMonth(viewer.uid);
    },

    /**
     * Keeps a provider subscription's state for its account (in the caller's transaction, with the
     * event that brought it). An ended subscription stays ended; a second live subscription of
     * the account is marked a duplicate of the one the account keeps (see `displaces`), which
     * billing then cancels and refunds.
     */
    async recordSubscription(
      executor: Executor,
      input: { uid: string; subscription: ProviderSubscription; setBy: string },
    ): Promise<RecordOutcome> {
      const { uid, subscription, setBy } = input;
      await repo.lockAccount(executor, uid);
      const rows = await repo.subscriptionsOf(uid, executor);
      const kept = rows.find((row) => row.subscription_id === subscription.id);
      if (!mayReplace(kept?.status, subscription.status)) {
        logger.info({ uid, subscription: subscription.id }, 'an ended subscription stays ended');
        return {
          changed: false,
          added: false,
          change: null,
          duplicate: kept?.duplicate_of != null,
          current: false,
        };
      }
      const record: SubscriptionRecord = {
        subscriptionId: subscription.id,
        uid,
        customerId: subscription.customerId,
        status: subscription.status,
        startedAt: subscription.createdAt,
        currentPeriodEnd: subscription.currentPeriodEnd,
        cancelAt: subscription.cancelAt,
        duplicateOf: kept?.duplicate_of ?? null,
        setBy,
      };
      // At most one live subscription of an account is its own: every change passes this lock.
      const rival = isLive(subscription.status)
        ? rows.find(
            (row) =>
              row.subscription_id !== subscription.id && row.duplicate_of === null && isLive(row.status),
          )
        : undefined;
      if (rival && record.duplicateOf === null) {
        if (!displaces(record, rival)) record.duplicateOf = rival.subscription_id;
        else {
          const displaced = { ...rowRecord(rival), duplicateOf: subscription.id, setBy };
          await repo.save(executor, displaced, { change: 'duplicate', previousStatus: rival.status });
        }
      }
      const changed =
        !kept ||
        kept.status !== record.status ||
        kept.duplicate_of !== record.duplicateOf ||
        kept.current_period_end?.getTime() !== record.currentPeriodEnd?.getTime() ||
        kept.cancel_at?.getTime() !== record.cancelAt?.getTime();
      const change = changed
        ? changeOf(kept && rowRecord(kept), { ...record, duplicate: record.duplicateOf !== null })
        : null;
      if (change) await repo.save(executor, record, { change, previousStatus: kept?.status ?? null });
      return {
        changed,
        added: !kept,
        change,
        duplicate: record.duplicateOf !== null,
        current: record.duplicateOf === null && isLive(record.status),
      };
    },

    /**
     * A kept subscription the provider no longer has at all (deleted with its test data, say):
     * it ends here too, so that it lifts no limit.
     */
    async endVanished(subscriptionId: string, setBy: string): Promise<boolean> {
      return repo.transaction(async (trx) => {
        const uid = await repo.accountOfSubscription(subscriptionId);
        if (!uid) return false;
        await repo.lockAccount(trx, uid);
        const kept = (await repo.subscriptionsOf(uid, trx)).find(
          (row) => row.subscription_id === subscriptionId,
        );
        if (!kept || !canStillCharge(kept)) return false;
        const record = { ...rowRecord(kept), status: VANISHED_STATUS, setBy };
        await repo.save(trx, record, {
          change: changeOf(rowRecord(kept), { ...record, duplicate: kept.duplicate_of !== null }),
          previousStatus: kept.status,
        });
        return true;
      });
    },

    /** Second subscriptions not ended yet: of one account, or of every account. */
    duplicatesStillCharging: async (uid?: string) =>
      (await repo.duplicatesStillCharging(uid)).map((row) => ({
        subscriptionId: row.subscription_id,
        uid: row.user_uid,
        keptId: row.duplicate_of!,
      })),

    /** Every subscription kept as one the provider may still charge for (the reconciliation's list). */
    chargeableSubscriptions: async () =>
      (await repo.chargeable()).map((row) => ({ subscriptionId: row.subscription_id, uid: row.user_uid })),

    /** The account a known subscription belongs to (read in the caller's transaction when given). */
    accountOfSubscription: (subscriptionId: string, executor?: Executor) =>
      repo.accountOfSubscription(subscriptionId, executor),

    /**
     * Holds the account's lock until the caller's transaction ends: recording its subscriptions
     * and the purge of the account wait for it, so what the caller reads of the account then
     * stays true until it commits.
     */
    lockAccount: (executor: Executor, uid: string) => repo.lockAccount(executor, uid),

    /** The plan's part in purging closed accounts: subscriptions, ledger; the history stays anonymous. */
    async purge(uids: readonly string[]): Promise<void> {
      await repo.purge(uids);
      await allowance.purge(uids);
    },
  };
}

function rowRecord(row: PlanSubscriptionRow): SubscriptionRecord {
  return {
    subscriptionId: row.subscription_id,
    uid: row.user_uid,
    customerId: row.customer_id,
    status: row.status,
    startedAt: row.started_at,
    currentPeriodEnd: row.current_period_end,
    cancelAt: row.cancel_at,
    duplicateOf: row.duplicate_of,
    setBy: row.set_by,
  };
}
