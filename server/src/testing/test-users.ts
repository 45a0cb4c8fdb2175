import type { Db } from '@patentscout/db';
import { createEmulatorUser, type EmulatorUser } from './emulator-users.js';
import { givePaidPlan } from './plans.js';

// Apart from plans.ts: the emulator's users read Vitest's injected ports, and the benchmarks,
// which run outside Vitest, import plans.ts.

/** A verified emulator user with an account registered as `name`, on the free plan. */
export async function createVerifiedUser(db: Db, name: string): Promise<EmulatorUser> {
  const user = await createEmulatorUser({ verified: true });
  await db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
  return user;
}

/** A verified emulator user, registered as `name` and on the paid plan: the searcher most API tests need. */
export async function createPaidUser(db: Db, name: string): Promise<EmulatorUser> {
  const user = await createVerifiedUser(db, name);
  await givePaidPlan(db, user.uid);
  return user;
}
