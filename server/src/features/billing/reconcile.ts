import type { ProviderSubscription } from '../../shared/payments.js';
import type { RecordOutcome } from '../plans/index.js';
import type { BillingDeps, ProviderSync } from './provider-sync.js';

/** What one reconciliation fixed, by kind; the run's record and `/metrics` carry these counts. */
export type ReconciliationFixes = {
  /** A subscription the plan did not know (created behind the app's back, or a lost event). */
  added: number;
  /** A kept subscription whose state had drifted (status, period, end: a missed webhook). */
  updated: number;
  /** A kept subscription that had ended at the provider (cancelled in its dashboard). */
  ended: number;
  /** A second subscription of an account, cancelled and refunded. */
  duplicate: number;
  /** A subscription a closed account still had, cancelled. */
  closed: number;
  /** An event that came before its subscription or customer was known, applied now. */
  eventRetried: number;
  /** An event that waited longer than the provider keeps events, dropped unapplied. */
  eventExpired: number;
  /** A subscription of a customer no account has: logged, left alone. */
  unknown: number;
};

export interface ReconciliationResult {
  checked: number;
  fixes: ReconciliationFixes;
}

/** How many waiting events one run retries. */
const EVENTS_PER_RUN = 500;
/**
 * Days an event may wait for its account: the provider keeps its events 30 days, and what a
 * subscription is now is read from the provider on every run anyway. A purged account's late
 * events would otherwise be asked about again on every run, for ever.
 */
export const UNMATCHED_EVENT_DAYS = 30;

const noFixes = (): ReconciliationFixes => ({
  added: 0,
  updated: 0,
  ended: 0,
  duplicate: 0,
  closed: 0,
  eventRetried: 0,
  eventExpired: 0,
  unknown: 0,
});

function fixOf(outcome: RecordOutcome): keyof ReconciliationFixes | null {
  if (!outcome.changed) return null;
  if (outcome.added) return 'added';
  return outcome.change === 'ended' || outcome.change === 'duplicate-ended' ? 'ended' : 'updated';
}

/**
 * Compares the provider's subscriptions with the plan's and fixes the drift: every subscription
 * the provider has that is not cancelled, every one the plan keeps as chargeable (read again when
 * the provider's list lacks it), the events that waited for their subscription; then settles
 * each account touched (duplicates, closed accounts). Each fix is logged.
 */
export function createReconciliation(deps: BillingDeps & { sync: ProviderSync }) {
  const { repo, payments, plans, logger, sync } = deps;

  return async function reconcile(trigger: string): Promise<ReconciliationResult> {
    const runId = await repo.startReconciliation(trigger);
    const fixes = noFixes();
    const touched = new Set<string>();
    let checked = 0;

    /** Records the provider's state for its account; false when no account has it (nothing kept). */
    async function check(subscription: ProviderSubscription): Promise<boolean> {
      checked += 1;
      const uid = await sync.accountOf(subscription);
      // Null too when the account's purge ran since it was resolved.
      const outcome = uid ? await sync.record(subscription, uid, 'reconciliation') : null;
      if (!uid || !outcome) {
        fixes.unknown += 1;
        logger.warn(
          { subscription: subscription.id, customer: subscription.customerId },
          'reconciliation: a subscription of a customer no account has',
        );
        return false;
      }
      touched.add(uid);
      const fix = fixOf(outcome);
      if (!fix) return true;
      fixes[fix] += 1;
      logger.warn(
        { subscription: subscription.id, uid, fix, change: outcome.change },
        'reconciliation fixed the plan',
      );
      return true;
    }

    try {
      fixes.eventExpired = await repo.dropUnmatchedEventsOlderThan(UNMATCHED_EVENT_DAYS);
      if (fixes.eventExpired > 0)
        logger.warn(
          { events: fixes.eventExpired, days: UNMATCHED_EVENT_DAYS },
          'reconciliation dropped waiting events older than the provider keeps them',
        );
      for (const event of await repo.unmatchedEvents(EVENTS_PER_RUN)) {
        const subscription = event.subscription_id ? await sync.retrieve(event.subscription_id) : null;
        const uid = subscription ? await sync.accountOf(subscription) : undefined;
        if (!subscription || !uid) {
          await repo.settleEvent(event.id, subscription ? 'unmatched' : 'dropped');
          continue;
        }
        if (!(await check(subscription))) {
          await repo.settleEvent(event.id, 'unmatched');
          continue;
        }
        await repo.settleEvent(event.id, 'applied');
        fixes.eventRetried += 1;
        logger.warn(
          { event: event.id, subscription: subscription.id, uid },
          'reconciliation applied a waiting event',
        );
      }

      const listed = await sync.provider(() => payments.listSubscriptions({}));
      for (const subscription of listed) await check(subscription);
      const seen = new Set(listed.map((subscription) => subscription.id));
      for (const kept of await plans.chargeableSubscriptions()) {
        if (seen.has(kept.subscriptionId)) continue;
        const current = await sync.retrieve(kept.subscriptionId);
        if (current) await check(current);
        else if (await plans.endVanished(kept.subscriptionId, 'reconciliation')) {
          fixes.ended += 1;
          logger.warn(
            { subscription: kept.subscriptionId, uid: kept.uid },
            'reconciliation ended a subscription the provider no longer has',
          );
        }
      }

      for (const duplicate of await plans.duplicatesStillCharging()) touched.add(duplicate.uid);
      for (const uid of touched) {
        const settled = await sync.settle(uid);
        fixes.duplicate += settled.duplicatesCancelled;
        fixes.closed += settled.closedCancelled;
      }
    } catch (error) {
      await repo.finishReconciliation(runId, {
        checked,
        fixes: { ...fixes },
        error: error instanceof Error ? error.message : String(error),
      });
      throw error;
    }
    await repo.finishReconciliation(runId, { checked, fixes: { ...fixes }, error: null });
    logger.info({ trigger, checked, fixes }, 'billing reconciled with the provider');
    return { checked, fixes };
  };
}
