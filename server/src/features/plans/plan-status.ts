import type { ProviderSubscription } from '../../shared/payments.js';

/**
 * The one place that reads the payment provider's subscription statuses (Stripe's): everything
 * else in the product asks the plans module what a subscription means for the account.
 */

/** Paid for: the Discover plan's searches without a limit. */
export const ACTIVE_STATUSES = ['active', 'trialing'] as const;
/** Still the customer's subscription, but a payment is missing: the free plan's limits meanwhile. */
const PAST_DUE_STATUSES = new Set(['past_due', 'unpaid', 'paused']);
/** Statuses a subscription never leaves (Stripe does not reopen an ended subscription). */
export const ENDED_STATUSES = ['canceled', 'incomplete_expired'] as const;
/** What a subscription the provider no longer has at all is kept as: ended. */
export const VANISHED_STATUS = 'canceled';

/**
 * What a subscription means for its account: `active` (paid), `past-due` (a payment missing),
 * `pending` (its first payment not made yet, or a status this code does not know), `ended`.
 */
export type Standing = 'active' | 'past-due' | 'pending' | 'ended';

export function standingOf(status: string): Standing {
  if ((ACTIVE_STATUSES as readonly string[]).includes(status)) return 'active';
  if (PAST_DUE_STATUSES.has(status)) return 'past-due';
  if ((ENDED_STATUSES as readonly string[]).includes(status)) return 'ended';
  return 'pending';
}

/** A subscription that still belongs to the customer's plan (paid, or a payment missing). */
export const isLive = (status: string): boolean => {
  const standing = standingOf(status);
  return standing === 'active' || standing === 'past-due';
};

/** Whether the provider may still charge for it: anything not ended (a pending one may yet be paid). */
export const canStillCharge = (subscription: Pick<ProviderSubscription, 'status'>): boolean =>
  standingOf(subscription.status) !== 'ended';

/**
 * Whether the provider's state may replace what is kept: an ended subscription stays ended (a
 * late or replayed state cannot reopen it).
 */
export function mayReplace(kept: string | undefined, next: string): boolean {
  return !(kept !== undefined && standingOf(kept) === 'ended' && kept !== next);
}

/** What a change of a subscription means, in the plan's words (its history and the analytics). */
export type PlanChange =
  | 'started'
  | 'renewed'
  | 'past-due'
  | 'recovered'
  | 'ending'
  | 'resumed'
  | 'ended'
  | 'duplicate'
  | 'duplicate-ended'
  | 'recorded'
  | 'updated';

export function changeOf(
  before: { status: string; currentPeriodEnd: Date | null; cancelAt: Date | null } | undefined,
  after: { status: string; currentPeriodEnd: Date | null; cancelAt: Date | null; duplicate: boolean },
): PlanChange {
  const was = before ? standingOf(before.status) : undefined;
  const now = standingOf(after.status);
  if (after.duplicate) return now === 'ended' ? 'duplicate-ended' : 'duplicate';
  const wasLive = was === 'active' || was === 'past-due';
  const isNowLive = now === 'active' || now === 'past-due';
  if (now === 'ended') return wasLive ? 'ended' : 'recorded';
  if (isNowLive && !wasLive) return 'started';
  if (was === 'active' && now === 'past-due') return 'past-due';
  if (was === 'past-due' && now === 'active') return 'recovered';
  if (!before?.cancelAt && after.cancelAt) return 'ending';
  if (before?.cancelAt && !after.cancelAt) return 'resumed';
  if (
    before?.currentPeriodEnd &&
    after.currentPeriodEnd &&
    after.currentPeriodEnd.getTime() > before.currentPeriodEnd.getTime()
  )
    return 'renewed';
  return before ? 'updated' : 'recorded';
}
