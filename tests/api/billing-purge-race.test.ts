import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@patentscout/db';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { billingKit } from './billing-kit.js';
import { call } from './http.js';
import { until } from './worker-process.js';

/**
 * A provider event handled while its account is purged: the webhook resolves the account, and
 * the purge removes the account's subscriptions before the webhook records what the provider
 * says. Each test stops one side at a database lock the test holds, so the interleaving is the
 * same on every run. The test's own sessions are not the app's: the app's pool stays free for
 * the webhook and the purge.
 */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;
let own: Db;

beforeAll(async () => {
  app = await startTestApp();
  kit = billingKit(app);
  own = createDb(app.database.url, { maxConnections: 2 });
});
afterAll(async () => {
  await own?.destroy();
  await app?.close();
});

/** A paying account, closed more than the retention period ago: its subscription is cancelled. */
async function closedLongAgo(
  name: string,
): Promise<{ user: EmulatorUser; customer: string; subscription: string }> {
  const user = await kit.account(name);
  const session = await kit.checkout(user.idToken);
  await fetch(`${session.body.url as string}/pay`, { method: 'POST', redirect: 'manual' });
  // Sent before the race, so that no mail is on its way meanwhile.
  expect(await kit.mailsEventually(user.email, 'Discover plan is active', 1)).toHaveLength(1);
  const customer = await kit.customerOf(user.uid);
  const [paid] = (await kit.subscriptionsAtStandIn(customer)).active;
  // The closing's own events are dropped: the only event the app gets later is the test's.
  await kit.pauseWebhooks(true);
  try {
    const closed = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: user.idToken,
      body: { email: user.email },
    });
    expect(closed.status).toBe(200);
  } finally {
    await kit.pauseWebhooks(false);
  }
  await sql`UPDATE users SET deleted_at = now() - interval '31 days' WHERE uid = ${user.uid}`.execute(own);
  return { user, customer, subscription: paid!.id };
}

/** The provider's event about the subscription, as it would come late (its id chosen here). */
const subscriptionUpdated = (eventId: string, subscription: string, customer: string) =>
  kit.sendEvent(
    'customer.subscription.updated',
    { id: subscription, object: 'subscription', customer },
    { id: eventId },
  );

/** Sessions of the app's database waiting for a lock of this kind, in a statement like this. */
async function waitingFor(lock: 'advisory' | 'transactionid', statement: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = ${lock}
      AND query ILIKE ${`%${statement}%`}`.execute(own);
  return rows[0]!.n;
}
const waitingForAccountLock = () => waitingFor('advisory', 'hashtextextended');

/** Holds the account's lock, as a webhook recording one of its subscriptions would, until released. */
async function holdAccountLock(uid: string): Promise<() => Promise<void>> {
  let release!: () => void;
  let held!: () => void;
  const taken = new Promise<void>((resolve) => (held = resolve));
  const holder = own.transaction().execute(async (trx) => {
    await app.services.plans.lockAccount(trx, uid);
    held();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await Promise.race([taken, holder]);
  return async () => {
    release();
    await holder;
  };
}

/** What is left of the account once the purge and the event are done. */
async function leftOf(uid: string) {
  const count = async (table: 'plan_subscriptions' | 'plan_subscription_changes' | 'users') =>
    (
      await own
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .where(table === 'users' ? 'uid' : 'user_uid', '=', uid)
        .executeTakeFirstOrThrow()
    ).n;
  return {
    subscriptions: await count('plan_subscriptions'),
    history: await count('plan_subscription_changes'),
    account: await count('users'),
  };
}

const outcomeOf = async (eventId: string) =>
  (await own.selectFrom('stripe_events').select('outcome').where('id', '=', eventId).executeTakeFirst())
    ?.outcome;

describe('a provider event handled while its account is purged', () => {
  it(
    'records nothing for the account when the purge ran between resolving the account and recording the event: the event is kept unmatched',
    { timeout: 120_000 },
    async () => {
      const { user, customer, subscription } = await closedLongAgo('Late');
      const eventId = `evt_purge_late_${user.uid}`;
      const release = await holdAccountLock(user.uid);
      let purge: Promise<number>;
      let delivered: Promise<Response>;
      try {
        purge = app.services.accounts.purgeDeleted();
        // Billing's step has dropped the customer; the plan's step waits for the account's lock.
        await until(
          async () => ((await waitingForAccountLock()) === 1 ? true : undefined),
          'the purge to wait',
        );
        // Resolved by the subscription the plan still keeps, then queued behind the purge.
        delivered = subscriptionUpdated(eventId, subscription, customer);
        await until(
          async () => ((await waitingForAccountLock()) === 2 ? true : undefined),
          'the event to wait',
        );
      } finally {
        await release();
      }

      expect(await purge).toBeGreaterThanOrEqual(1);
      expect((await delivered).status).toBe(200);
      expect(await leftOf(user.uid)).toEqual({ subscriptions: 0, history: 0, account: 0 });
      expect(await outcomeOf(eventId)).toBe('unmatched');
    },
  );

  it(
    'removes what an event recorded while the purge waited for it: the purge takes the account after the event',
    { timeout: 120_000 },
    async () => {
      const { user, customer, subscription } = await closedLongAgo('Early');
      const eventId = `evt_purge_early_${user.uid}`;
      // A delivery of the same event not committed yet: the webhook stops at recording its id.
      const blocker = new pg.Client({ connectionString: app.database.url });
      blocker.on('error', () => undefined);
      await blocker.connect();
      try {
        await blocker.query('BEGIN');
        await blocker.query(
          "INSERT INTO stripe_events (id, type, outcome) VALUES ($1, 'customer.subscription.updated', 'applied')",
          [eventId],
        );
        const delivered = subscriptionUpdated(eventId, subscription, customer);
        await until(
          async () =>
            (await waitingFor('transactionid', 'insert into "stripe_events"')) === 1 ? true : undefined,
          'the event to have resolved its account',
        );

        let purged = false;
        const purge = app.services.accounts.purgeDeleted().finally(() => (purged = true));
        await until(
          async () => (purged || (await waitingForAccountLock()) === 1 ? true : undefined),
          'the purge to wait for the event',
        );
        await blocker.query('ROLLBACK');

        expect((await delivered).status).toBe(200);
        expect(await purge).toBeGreaterThanOrEqual(1);
        expect(await outcomeOf(eventId)).toBe('applied');
        expect(await leftOf(user.uid)).toEqual({ subscriptions: 0, history: 0, account: 0 });
      } finally {
        await blocker.end();
      }
    },
  );
});
