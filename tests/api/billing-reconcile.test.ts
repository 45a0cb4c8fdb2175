import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAdminCommand, runAdminCommand } from '@patentscout/server/admin/commands';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { billingKit } from './billing-kit.js';
import { call } from './http.js';

/**
 * The reconciliation: what changed at the provider while its webhooks were lost (the stand-in's
 * deliveries paused, as a disabled endpoint would lose them) is found and fixed on the next run,
 * whether it runs as the daily job, on demand from the admin command, or as a service call.
 */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '1' } });
  kit = billingKit(app);
});
afterAll(() => app.close());

/** Does `change` at the provider with the webhooks lost. */
async function behindTheAppsBack<T>(change: () => Promise<T>): Promise<T> {
  await kit.pauseWebhooks(true);
  try {
    return await change();
  } finally {
    await kit.pauseWebhooks(false);
  }
}

const statusOf = async (user: EmulatorUser) => (await kit.planOf(user.idToken)).plan.status;

/**
 * A subscription of a customer the app has not linked to any account (yet, or no more), made at
 * the provider; `waiting()` reads its events as the app recorded them, by id.
 */
async function unlinkedSubscription(email: string, metadata: Record<string, string>) {
  const customer = await kit.standIn.customers.create({ email, metadata });
  const subscription = await kit.standIn.subscriptions.create({
    customer: customer.id,
    items: [{ price: app.config.billing.priceDiscover }],
  });
  const waiting = async () =>
    app.database.db
      .selectFrom('stripe_events')
      .select(['id', 'outcome'])
      .where('subscription_id', '=', subscription.id)
      .orderBy('id')
      .execute();
  return { customer, waiting };
}

describe('the reconciliation', () => {
  it('ends the plan of a subscription cancelled at the provider behind the app’s back', async () => {
    const { user, subscriptionId } = await kit.subscriber('Cancelled');
    await behindTheAppsBack(() => kit.standIn.subscriptions.cancel(subscriptionId));
    expect(await statusOf(user)).toBe('ACTIVE');

    const { fixes } = await app.services.billing.reconcile('test');
    expect(fixes.ended).toBe(1);
    expect(await statusOf(user)).toBe('ENDED');
    // A second run finds nothing more to fix.
    expect((await app.services.billing.reconcile('test')).fixes).toMatchObject({
      ended: 0,
      added: 0,
      updated: 0,
    });
  });

  it('starts the plan of a subscription created at the provider behind the app’s back', async () => {
    const user = await kit.account('Created');
    const session = await kit.checkout(user.idToken);
    await kit.submit(`${session.body.url}/cancel`);
    const customer = await kit.customerOf(user.uid);
    await behindTheAppsBack(() =>
      kit.standIn.subscriptions.create({ customer, items: [{ price: app.config.billing.priceDiscover }] }),
    );
    expect(await statusOf(user)).toBe('FREE');

    const { fixes } = await app.services.billing.reconcile('test');
    expect(fixes.added).toBe(1);
    expect(await kit.planOf(user.idToken)).toMatchObject({
      plan: { name: 'DISCOVER', status: 'ACTIVE', limited: false },
      subscriptionStatus: 'active',
    });
  });

  it('catches a missed failed renewal: the plan goes past due', async () => {
    const { user, subscriptionId } = await kit.subscriber('Renewal');
    const portal = await call(app.baseUrl, 'POST', '/payments/create-portal-session', {
      token: user.idToken,
    });
    await behindTheAppsBack(() =>
      kit.submit(`${portal.body.url}/subscriptions/${subscriptionId}/fail-renewal`),
    );
    expect(await statusOf(user)).toBe('ACTIVE');

    const { fixes } = await app.services.billing.reconcile('test');
    expect(fixes.updated).toBe(1);
    expect(await kit.planOf(user.idToken)).toMatchObject({
      plan: { status: 'PAST_DUE', limited: false },
      subscriptionStatus: 'past_due',
    });
  });

  it('cancels and refunds a duplicate the webhooks never told about, and tells the customer', async () => {
    const { user, customer, subscriptionId } = await kit.subscriber('Twice');
    const second = await behindTheAppsBack(() =>
      kit.standIn.subscriptions.create({ customer, items: [{ price: app.config.billing.priceDiscover }] }),
    );
    expect((await kit.subscriptionsAtStandIn(customer)).active).toHaveLength(2);

    const { fixes } = await app.services.billing.reconcile('test');
    expect(fixes.duplicate).toBe(1);
    const after = await kit.subscriptionsAtStandIn(customer);
    expect(after.active.map((subscription) => subscription.id)).toEqual([subscriptionId]);
    expect(await kit.refundedFor(second.id)).toBe(2900);
    expect(await statusOf(user)).toBe('ACTIVE');
    expect(
      await kit.mailsEventually(user.email, 'we cancelled a second Discover subscription', 1),
    ).toHaveLength(1);
  });

  it('applies an event that came before its customer was known, and drops one whose subscription does not exist', async () => {
    const user = await kit.account('Early');
    // A customer the app has not linked to the account yet.
    const { customer, waiting } = await unlinkedSubscription(user.email, { uid: user.uid });
    const arrived = await kit.eventually(waiting, (rows) => rows.length >= 2);
    expect(arrived.map((row) => row.outcome)).toEqual(['unmatched', 'unmatched']);
    const gone = await kit.sendEvent('customer.subscription.updated', {
      id: 'sub_gone',
      customer: 'cus_gone',
    });
    expect(gone.status).toBe(200);

    // Not linked yet: left alone (and said so), the events keep waiting.
    const first = await app.services.billing.reconcile('test');
    expect(first.fixes.unknown).toBeGreaterThanOrEqual(1);
    expect((await waiting()).map((row) => row.outcome)).toEqual(['unmatched', 'unmatched']);

    await app.database.db
      .insertInto('billing_customers')
      .values({ user_uid: user.uid, customer_id: customer.id })
      .execute();
    const second = await app.services.billing.reconcile('test');
    expect(second.fixes.eventRetried).toBe(2);
    expect((await waiting()).map((row) => row.outcome)).toEqual(['applied', 'applied']);
    expect(await statusOf(user)).toBe('ACTIVE');
    const dropped = await app.database.db
      .selectFrom('stripe_events')
      .select('outcome')
      .where('subscription_id', '=', 'sub_gone')
      .executeTakeFirstOrThrow();
    expect(dropped.outcome).toBe('dropped');
  });

  it('drops a waiting event older than the provider keeps events, and keeps retrying the younger', async () => {
    const user = await kit.account('Late');
    // A customer no account is linked to, as after the account's purge.
    const { waiting } = await unlinkedSubscription(user.email, {});
    const [old, young] = await kit.eventually(waiting, (rows) => rows.length >= 2);
    await sql`UPDATE stripe_events SET processed_at = now() - interval '31 days' WHERE id = ${old!.id}`.execute(
      app.database.db,
    );

    const run = await app.services.billing.reconcile('test');
    expect(run.fixes.eventExpired).toBe(1);
    expect(await waiting()).toEqual([
      { id: old!.id, outcome: 'dropped' },
      { id: young!.id, outcome: 'unmatched' },
    ]);
    const next = await app.services.billing.reconcile('test');
    expect(next.fixes.eventExpired).toBe(0);
    expect((await waiting()).map((row) => row.outcome)).toEqual(['dropped', 'unmatched']);
  });

  it('runs on demand from `npm run admin -- billing reconcile` (the server’s worker runs it), and exports its counts on /metrics', async () => {
    const { user, subscriptionId } = await kit.subscriber('Admin');
    await behindTheAppsBack(() => kit.standIn.subscriptions.cancel(subscriptionId));

    const lines: string[] = [];
    await runAdminCommand(
      parseAdminCommand(['billing', 'reconcile', '--timeout', '60'], app.database.url) as never,
      { write: (text: string) => lines.push(text) },
    );
    const printed = lines.join('');
    expect(printed).toMatch(/^Billing reconciled with the payment provider: \d+ subscriptions checked\.$/m);
    expect(printed).toContain('1 ended');
    expect(await statusOf(user)).toBe('ENDED');

    const metrics = await (await fetch(`${app.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(
      /^patentscout_billing_reconciliation_last_run_fixes\{[^}]*fix="ended"[^}]*\} 1$/m,
    );
    expect(metrics).toMatch(/^patentscout_billing_reconciliation_last_run_timestamp_seconds\{[^}]*\} \d+/m);
    expect(metrics).toMatch(/^patentscout_billing_unmatched_events\{[^}]*\} \d+$/m);
  });

  it('refuses a bad command line', () => {
    expect(() => parseAdminCommand(['billing', 'reconcile', '--timeout', '0'], app.database.url)).toThrow(
      /--timeout/,
    );
    expect(() => parseAdminCommand(['billing', 'refund'], app.database.url)).toThrow(
      /unknown billing command/,
    );
    expect(() => parseAdminCommand(['billing', 'reconcile', '--email', 'x'], app.database.url)).toThrow(
      /does not take --email/,
    );
  });
});
