import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { startBillingWorld, type billingKit } from './billing-kit.js';
import { call } from './http.js';

/**
 * Billing's checkout and portal against the local Stripe stand-in, through the real `stripe` SDK
 * on both sides: the app's calls and the stand-in's checkout pages. The plan is read as a client
 * reads it: the account's `plan` object. (Its webhooks: `billing-webhooks.test.ts`.)
 */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;
let buyer: EmulatorUser;
let other: EmulatorUser;

beforeAll(async () => {
  ({ app, kit, buyer, other } = await startBillingWorld());
});
afterAll(() => app.close());

describe('billing: checkout', () => {
  it('refuses a signed-out caller, an unknown plan and a missing plan', async () => {
    expect((await kit.checkout('')).status).toBe(401);
    const unknown = await kit.checkout(buyer.idToken, 'platinum');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'UNKNOWN_PLAN',
      message: expect.stringContaining('platinum'),
    });
    const missing = await call(app.baseUrl, 'POST', '/payments/create-checkout-session', {
      token: buyer.idToken,
    });
    expect(missing.status).toBe(400);
  });

  it('subscribes through the local checkout: one customer, the same open session again, plan active, one confirmation e-mail, limit lifted', async () => {
    expect(await kit.planOf(buyer.idToken)).toEqual({
      plan: { name: 'FREE', status: 'FREE', renewsAt: null, endsAt: null, limited: false, searchesLeft: 2 },
      subscriptionStatus: null,
    });
    expect((await kit.search(buyer.idToken)).status).toBe(200);
    expect((await kit.search(buyer.idToken)).status).toBe(200);
    expect((await kit.search(buyer.idToken)).status).toBe(402);
    expect((await kit.planOf(buyer.idToken)).plan).toMatchObject({ limited: true, searchesLeft: 0 });

    const first = await kit.checkout(buyer.idToken);
    expect(first.status).toBe(200);
    const customer = await kit.customerOf(buyer.uid);
    expect(customer).toMatch(/^cus_/);
    // Asking again while that session is open answers the same session: one purchase at a time.
    const second = await kit.checkout(buyer.idToken);
    expect(second.body.url).toBe(first.body.url);
    expect(await kit.customerOf(buyer.uid)).toBe(customer);

    const checkoutUrl = new URL(second.body.url as string);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('Local test checkout: Discover plan $29 per month');
    expect(await kit.submit(`${checkoutUrl}/pay`)).toBe(`${app.config.http.publicUrl}/account?success=true`);

    const { plan, subscriptionStatus } = await kit.planOf(buyer.idToken);
    expect(plan).toMatchObject({
      name: 'DISCOVER',
      status: 'ACTIVE',
      endsAt: null,
      limited: false,
      searchesLeft: null,
    });
    expect(new Date(plan.renewsAt!).getTime()).toBeGreaterThan(Date.now() + 25 * 24 * 3600_000);
    expect(subscriptionStatus).toBe('active');
    // The same plan object through REST.
    expect(await call(app.baseUrl, 'GET', '/api/users/plan', { token: buyer.idToken })).toEqual({
      status: 200,
      body: plan,
    });
    const users = await call(app.baseUrl, 'GET', '/api/users', { token: buyer.idToken });
    expect(users.body).toEqual({ name: 'Bea', email: buyer.email, subscriptionStatus: 'active' });
    expect(await kit.mailsEventually(buyer.email, 'Discover plan is active', 1)).toHaveLength(1);

    expect((await kit.search(buyer.idToken)).status).toBe(200);
    expect((await kit.search(buyer.idToken)).status).toBe(200);
    const again = await kit.checkout(buyer.idToken);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_SUBSCRIBED');
    // The paid session is closed now: the page says so instead of offering to pay again.
    expect(await (await fetch(checkoutUrl)).text()).toContain('This checkout is closed');
  });

  it('answers a cancelled checkout with the cancel address and changes nothing', async () => {
    const session = await kit.checkout(other.idToken);
    expect(await kit.submit(`${session.body.url}/cancel`)).toBe(
      `${app.config.http.publicUrl}/account?canceled=true`,
    );
    expect((await kit.planOf(other.idToken)).plan.status).toBe('FREE');
  });

  it('offers a new session once the open one has expired at the provider', async () => {
    const user = await kit.account('Exa');
    const first = await kit.checkout(user.idToken);
    const sessionId = new URL(first.body.url as string).pathname.split('/').pop()!;
    await kit.standIn.checkout.sessions.expire(sessionId);
    const second = await kit.checkout(user.idToken);
    expect(second.status).toBe(200);
    expect(second.body.url).not.toBe(first.body.url);
    const pay = await fetch(`${first.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(410);
    expect((await kit.subscriptionsAtStandIn(await kit.customerOf(user.uid))).all).toEqual([]);
  });

  it('answers 409 for the portal before any checkout', async () => {
    const stranger = await kit.account('S');
    const response = await call(app.baseUrl, 'POST', '/payments/create-portal-session', {
      token: stranger.idToken,
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('NO_BILLING_ACCOUNT');
  });
});
