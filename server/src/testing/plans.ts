import type { Db } from '@patentscout/db';
import { plansOver } from '../features/plans/index.js';

const MONTH_MS = 30 * 24 * 3600_000;

/**
 * Puts the account on the paid Discover plan, as a completed checkout would: a subscription the
 * payment provider calls active, handed to the plans module (tests and benchmarks that need an
 * account without the monthly limit).
 */
export async function givePaidPlan(db: Db, uid: string): Promise<void> {
  await plansOver(db).recordSubscription(db, {
    uid,
    subscription: {
      id: `sub_test_${uid}`,
      customerId: `cus_test_${uid}`,
      status: 'active',
      createdAt: new Date(),
      currentPeriodEnd: new Date(Date.now() + MONTH_MS),
      cancelAt: null,
    },
    setBy: 'test-fixture',
  });
}
