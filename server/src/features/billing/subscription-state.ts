import type { ProviderSubscription } from '../../shared/payments.js';

/** Statuses a subscription never leaves (Stripe does not reopen an ended subscription). */
const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Statuses in which a subscription still belongs to the customer's current plan. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

/**
 * Whether a subscription's state (as the provider has it now) may replace what the account
 * holds. Decided on the subscription objects, never on the order events arrive in:
 * - an ended subscription stays ended (a late `updated` cannot resurrect it);
 * - another subscription replaces the account's only when that one has ended or the new one is
 *   live (an old subscription's end must not end a newer one).
 */
export function mayApply(
  current: { subscriptionId: string | null; status: string | null },
  next: ProviderSubscription,
): boolean {
  if (current.subscriptionId === next.id) {
    return !(current.status && ENDED.has(current.status) && current.status !== next.status);
  }
  if (!current.subscriptionId || !current.status) return true;
  return ENDED.has(current.status) || (LIVE.has(next.status) && !LIVE.has(current.status));
}
