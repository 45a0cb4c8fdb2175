import { describe, expect, it } from 'vitest';
import { canStillCharge, changeOf, mayReplace, standingOf } from './plan-status.js';
import type { PlanSubscriptionRow } from './plans.repo.js';
import { planFrom } from './plans.service.js';

const DAY = 24 * 3600_000;
const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * DAY);

function row(id: string, status: string, extra: Partial<PlanSubscriptionRow> = {}): PlanSubscriptionRow {
  return {
    subscription_id: id,
    user_uid: 'uid-1',
    customer_id: 'cus_1',
    status,
    started_at: at(0),
    current_period_end: at(30),
    cancel_at: null,
    duplicate_of: null,
    set_by: 'evt_1',
    created_at: at(0),
    updated_at: at(0),
    ...extra,
  };
}

describe('what a provider status means', () => {
  it('reads the provider’s statuses into standings, an unknown one as not paid', () => {
    expect(['active', 'trialing'].map(standingOf)).toEqual(['active', 'active']);
    expect(['past_due', 'unpaid', 'paused'].map(standingOf)).toEqual(['past-due', 'past-due', 'past-due']);
    expect(['canceled', 'incomplete_expired'].map(standingOf)).toEqual(['ended', 'ended']);
    expect(['incomplete', 'a_status_from_the_future'].map(standingOf)).toEqual(['pending', 'pending']);
    expect(canStillCharge({ status: 'incomplete' })).toBe(true);
    expect(canStillCharge({ status: 'canceled' })).toBe(false);
  });

  it('never reopens an ended subscription', () => {
    expect(mayReplace(undefined, 'active')).toBe(true);
    expect(mayReplace('active', 'past_due')).toBe(true);
    expect(mayReplace('past_due', 'canceled')).toBe(true);
    expect(mayReplace('canceled', 'active')).toBe(false);
    expect(mayReplace('canceled', 'canceled')).toBe(true);
  });

  it('names each change in the plan’s words', () => {
    const state = (status: string, extra: { cancelAt?: Date; end?: Date } = {}) => ({
      status,
      currentPeriodEnd: extra.end ?? at(30),
      cancelAt: extra.cancelAt ?? null,
    });
    const after = (status: string, extra: { cancelAt?: Date; end?: Date; duplicate?: boolean } = {}) => ({
      ...state(status, extra),
      duplicate: extra.duplicate ?? false,
    });
    expect(changeOf(undefined, after('active'))).toBe('started');
    expect(changeOf(state('incomplete'), after('active'))).toBe('started');
    expect(changeOf(state('active'), after('past_due'))).toBe('past-due');
    expect(changeOf(state('past_due'), after('active'))).toBe('recovered');
    expect(changeOf(state('active'), after('active', { end: at(60) }))).toBe('renewed');
    expect(changeOf(state('active'), after('active', { cancelAt: at(30) }))).toBe('ending');
    expect(changeOf(state('active', { cancelAt: at(30) }), after('active'))).toBe('resumed');
    expect(changeOf(state('active'), after('canceled'))).toBe('ended');
    expect(changeOf(undefined, after('canceled'))).toBe('recorded');
    expect(changeOf(undefined, after('active', { duplicate: true }))).toBe('duplicate');
    expect(changeOf(state('active'), after('canceled', { duplicate: true }))).toBe('duplicate-ended');
  });
});

describe('the plan of an account', () => {
  it('is the free plan without subscriptions, or with one whose first payment is pending', () => {
    expect(planFrom([])).toEqual({
      name: 'free',
      status: 'free',
      renewsAt: null,
      endsAt: null,
      subscriptionId: null,
    });
    expect(planFrom([row('sub_1', 'incomplete')]).status).toBe('free');
  });

  it('is Discover while a subscription stands: renewing, set to end, or past due', () => {
    expect(planFrom([row('sub_1', 'active')])).toEqual({
      name: 'discover',
      status: 'active',
      renewsAt: at(30),
      endsAt: null,
      subscriptionId: 'sub_1',
    });
    expect(planFrom([row('sub_1', 'active', { cancel_at: at(30) })])).toMatchObject({
      status: 'active',
      renewsAt: null,
      endsAt: at(30),
    });
    expect(planFrom([row('sub_1', 'past_due')])).toMatchObject({ name: 'discover', status: 'past-due' });
  });

  it('stands on the kept subscription, never on a duplicate, and says when an ended one ended', () => {
    const plan = planFrom([
      row('sub_2', 'active', { duplicate_of: 'sub_1', current_period_end: at(40) }),
      row('sub_1', 'active'),
    ]);
    expect(plan).toMatchObject({ status: 'active', subscriptionId: 'sub_1', renewsAt: at(30) });
    expect(planFrom([row('sub_2', 'active', { duplicate_of: 'sub_1' })]).status).toBe('free');
    expect(
      planFrom([
        row('sub_1', 'canceled', { cancel_at: at(10), updated_at: at(10) }),
        row('sub_0', 'canceled', { cancel_at: at(3), updated_at: at(3) }),
      ]),
    ).toEqual({ name: 'free', status: 'ended', renewsAt: null, endsAt: at(10), subscriptionId: 'sub_1' });
  });
});
