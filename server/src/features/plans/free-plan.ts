/**
 * The free plan's allowance and the specification's one rule of "limited" (§9: "limit when count
 * is above 20 with no active subscription"): a free account may run its free searches and one
 * more is still let through; from the count above them on, it is limited (ADR 0011). Every
 * reader of the rule (the allowance, the account's standing, the analytics' "free users at the
 * limit") asks this module, in TypeScript or in SQL.
 */
export interface FreePlan {
  searchesPerMonth: number;
  /** The month's count from which a free account is limited: one above its free searches. */
  limitedFrom: number;
}

export const freePlan = (searchesPerMonth: number): FreePlan => ({
  searchesPerMonth,
  limitedFrom: searchesPerMonth + 1,
});

export function isLimited(plan: FreePlan, searchesThisMonth: number, subscribed: boolean): boolean {
  return !subscribed && searchesThisMonth >= plan.limitedFrom;
}

/** Searches the allowance still lets through this month; null on an unlimited (paid) plan. */
export function searchesLeft(plan: FreePlan, searchesThisMonth: number, subscribed: boolean): number | null {
  return subscribed ? null : Math.max(0, plan.limitedFrom - searchesThisMonth);
}
