import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { billingKit } from './billing-kit.js';
import { call } from './http.js';

/**
 * One subscription per account, whatever the customer or the provider's dashboard does: parallel
 * checkouts, sessions paid side by side, a subscription added at the provider, and closing the
 * account after such a race. Counted at the stand-in, where the money is.
 */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  app = await startTestApp();
  kit = billingKit(app);
});
afterAll(() => app.close());

const pay = (url: string) => fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });

/** Sessions made for the account's customer at the provider, past the app (an old tab, another device). */
async function sessionsAtStandIn(user: EmulatorUser, count: number): Promise<string[]> {
  const customer = await kit.customerOf(user.uid);
  const sessions = await Promise.all(
    Array.from({ length: count }, () =>
      kit.standIn.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.uid,
        line_items: [{ price: app.config.billing.priceDiscover, quantity: 1 }],
        success_url: `${app.config.http.publicUrl}/account?success=true`,
        cancel_url: `${app.config.http.publicUrl}/account?canceled=true`,
      }),
    ),
  );
  return sessions.map((session) => session.url!);
}

/** The customer's subscriptions at the stand-in once the app has settled them (one active left). */
async function settled(user: EmulatorUser) {
  const customer = await kit.customerOf(user.uid);
  return kit.eventually(
    () => kit.subscriptionsAtStandIn(customer),
    (found) => found.active.length <= 1,
  );
}

describe('parallel checkouts, all paid', () => {
  it.each([2, 5])(
    '%i parallel checkouts answer one session: paying it from every tab makes one subscription',
    async (tabs) => {
      const user = await kit.account(`Tabs ${tabs}`);
      const answers = await Promise.all(Array.from({ length: tabs }, () => kit.checkout(user.idToken)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(tabs).fill(200));
      expect(new Set(answers.map((answer) => answer.body.url)).size).toBe(1);

      const paid = await Promise.all(answers.map((answer) => pay(answer.body.url as string)));
      expect(paid.map((response) => response.status)).toEqual(Array(tabs).fill(303));

      const { all, active } = await settled(user);
      expect(all).toHaveLength(1);
      expect(active).toHaveLength(1);
      expect((await kit.planOf(user.idToken)).plan.status).toBe('ACTIVE');
      expect(await kit.mailsEventually(user.email, 'Discover plan is active', 1)).toHaveLength(1);
    },
  );

  it('keeps one of several sessions paid side by side: the others are cancelled at once, refunded, and the customer is told', async () => {
    const user = await kit.account('Sid');
    const own = await kit.checkout(user.idToken);
    const urls = [own.body.url as string, ...(await sessionsAtStandIn(user, 4))];

    const paid = await Promise.all(urls.map(pay));
    expect(paid.map((response) => response.status)).toEqual(Array(5).fill(303));

    const { all, active, canceled } = await settled(user);
    expect(all).toHaveLength(5);
    expect(active).toHaveLength(1);
    expect(canceled).toHaveLength(4);
    for (const subscription of canceled) expect(await kit.refundedFor(subscription.id)).toBe(2900);
    expect(await kit.refundedFor(active[0]!.id)).toBe(0);

    const { plan } = await kit.planOf(user.idToken);
    expect(plan).toMatchObject({ name: 'DISCOVER', status: 'ACTIVE', limited: false });
    const told = await kit.mailsEventually(user.email, 'we cancelled a second Discover subscription', 4);
    expect(told).toHaveLength(4);
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${told[0]!.id}`);
    expect(message.text).toContain('refunded its charge of $29.00');
    expect(await kit.mailsEventually(user.email, 'Discover plan is active', 1)).toHaveLength(1);
  });

  it('cancels and refunds a second subscription added at the provider (its dashboard) while one is active', async () => {
    const user = await kit.account('Dash');
    const session = await kit.checkout(user.idToken);
    await pay(session.body.url as string);
    const first = (await settled(user)).active[0]!;

    const second = await kit.standIn.subscriptions.create({
      customer: await kit.customerOf(user.uid),
      items: [{ price: app.config.billing.priceDiscover }],
    });
    const afterwards = await kit.eventually(
      () => kit.standIn.subscriptions.retrieve(second.id),
      (subscription) => subscription.status === 'canceled',
    );
    expect(afterwards.status).toBe('canceled');
    expect(await kit.refundedFor(second.id)).toBe(2900);
    expect((await kit.standIn.subscriptions.retrieve(first.id)).status).toBe('active');
    expect((await kit.planOf(user.idToken)).plan.status).toBe('ACTIVE');
    expect(
      await kit.mailsEventually(user.email, 'we cancelled a second Discover subscription', 1),
    ).toHaveLength(1);
  });
});

describe('closing an account after a race', () => {
  it('cancels every subscription the customer has at the provider, not only the one the plan keeps', async () => {
    const user = await kit.account('Race');
    const own = await kit.checkout(user.idToken);
    // The webhooks are lost meanwhile: the app knows none of these subscriptions.
    await kit.pauseWebhooks(true);
    try {
      await Promise.all([own.body.url as string, ...(await sessionsAtStandIn(user, 2))].map(pay));
    } finally {
      await kit.pauseWebhooks(false);
    }
    const customer = await kit.customerOf(user.uid);
    expect((await kit.subscriptionsAtStandIn(customer)).active).toHaveLength(3);

    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: user.idToken,
      body: { email: user.email },
    });
    expect(deleted.status).toBe(200);
    const after = await kit.subscriptionsAtStandIn(customer);
    expect(after.active).toHaveLength(0);
    expect(after.canceled).toHaveLength(3);
  });

  it('checks the provider again at the purge, and cancels what appeared after the closing', async () => {
    const user = await kit.account('Purge');
    const session = await kit.checkout(user.idToken);
    await pay(session.body.url as string);
    const customer = await kit.customerOf(user.uid);
    await call(app.baseUrl, 'DELETE', '/api/users', { token: user.idToken, body: { email: user.email } });
    expect((await kit.subscriptionsAtStandIn(customer)).active).toHaveLength(0);

    // Made at the provider after the closing, its events lost.
    await kit.pauseWebhooks(true);
    try {
      await kit.standIn.subscriptions.create({
        customer,
        items: [{ price: app.config.billing.priceDiscover }],
      });
    } finally {
      await kit.pauseWebhooks(false);
    }
    expect((await kit.subscriptionsAtStandIn(customer)).active).toHaveLength(1);

    // 31 days later.
    await sql`UPDATE users SET deleted_at = now() - interval '31 days' WHERE uid = ${user.uid}`.execute(
      app.database.db,
    );
    expect(await app.services.accounts.purgeDeleted()).toBeGreaterThanOrEqual(1);
    expect((await kit.subscriptionsAtStandIn(customer)).active).toHaveLength(0);
    const left = async (table: 'billing_customers' | 'billing_checkouts' | 'plan_subscriptions' | 'users') =>
      (
        await app.database.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where(table === 'users' ? 'uid' : 'user_uid', '=', user.uid)
          .executeTakeFirstOrThrow()
      ).n;
    expect({
      customers: await left('billing_customers'),
      checkouts: await left('billing_checkouts'),
      subscriptions: await left('plan_subscriptions'),
      account: await left('users'),
    }).toEqual({ customers: 0, checkouts: 0, subscriptions: 0, account: 0 });
    // The plan's history stays for the figures, without the account.
    const history = await app.database.db
      .selectFrom('plan_subscription_changes')
      .select('user_uid')
      .where('user_uid', '=', user.uid)
      .execute();
    expect(history).toEqual([]);
  });
});
