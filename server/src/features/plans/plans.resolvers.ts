import { PlanName, PlanStatus, type Resolvers } from '../../__generated__/resolvers-types.js';
import type { ServicesContext } from '../../shared/graphql-context.js';
import type { AccountPlan, PlansService, PlanStatus as Status } from './plans.service.js';

/** What these resolvers read of the GraphQL context (one per request). */
export type PlansContext = ServicesContext<{ plans: PlansService }>;

/**
 * The viewer's searches this month, counted once per request: `searchCount`, `limited` and
 * `plan` all need it. A search in the request forgets what was counted before it
 * (`forgetSearchesThisMonth`).
 */
const monthCounts = new WeakMap<object, Promise<number>>();

function searchesThisMonth(context: PlansContext): Promise<number> {
  let count = monthCounts.get(context);
  if (!count) {
    count = context.services.plans.viewerSearchesThisMonth(context.viewer);
    monthCounts.set(context, count);
  }
  return count;
}

/**
 * A search ran in this request: the account's fields in its payload count the month again, with
 * it. Counted only when asked (REST's answer and most GraphQL selections never ask).
 */
export function forgetSearchesThisMonth(context: object): void {
  monthCounts.delete(context);
  accountPlans.delete(context);
}

/** The account's plan, read once per request (`plan` and `limited` both need it). */
const accountPlans = new WeakMap<object, Promise<AccountPlan>>();

function accountPlan(context: PlansContext, uid: string): Promise<AccountPlan> {
  let plan = accountPlans.get(context);
  if (!plan) {
    plan = searchesThisMonth(context).then((count) => context.services.plans.accountPlan(uid, count));
    accountPlans.set(context, plan);
  }
  return plan;
}

const STATUS: Record<Status, PlanStatus> = {
  free: PlanStatus.Free,
  active: PlanStatus.Active,
  'past-due': PlanStatus.PastDue,
  ended: PlanStatus.Ended,
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The plan as the API answers it, GraphQL's `Plan` and `GET /api/users/plan` alike. */
export function planAnswer(plan: AccountPlan) {
  return {
    name: plan.name === 'discover' ? PlanName.Discover : PlanName.Free,
    status: STATUS[plan.status],
    renewsAt: iso(plan.renewsAt),
    endsAt: iso(plan.endsAt),
    limited: plan.limited,
    searchesLeft: plan.searchesLeft,
  };
}

export const plansResolvers: Resolvers<PlansContext> = {
  Account: {
    plan: async (account, __, context) => planAnswer(await accountPlan(context, account.uid)),
    subscriptionStatus: (account, __, { services }) => services.plans.subscriptionStatusOf(account.uid),
    searchCount: (_, __, context) => searchesThisMonth(context),
    freeSearchesPerMonth: (_, __, { services }) => services.plans.freeSearchesPerMonth,
    limited: async (account, __, context) => (await accountPlan(context, account.uid)).limited,
  },
  Query: {
    searchCount: (_, __, context) => searchesThisMonth(context),
  },
};
