import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { billingKit } from './billing-kit.js';
import { call } from './http.js';

/** Closing an account with a subscription, or with a checkout left open, against the local Stripe stand-in. */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '1' } });
  kit = billingKit(app);
});
afterAll(() => app.close());

describe('billing: closing an account', () => {
  it('cancels the subscription before the account is deleted, so a deleted account is never charged again', async () => {
    const leaver = await kit.account('Lee');
    const session = await kit.checkout(leaver.idToken);
    await kit.submit(`${session.body.url}/pay`);
    expect((await kit.planOf(leaver.idToken)).plan.status).toBe('ACTIVE');
    const subscriptionId = await kit.keptSubscription(leaver.uid);

    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: leaver.idToken,
      body: { email: leaver.email },
    });
    expect(deleted.status).toBe(200);
    expect((await kit.standIn.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect((await app.services.plans.planOf(leaver.uid)).status).toBe('ended');
  });

  it('closes a checkout left open, so it cannot be paid after the account is closed', async () => {
    const late = await kit.account('Laz');
    const session = await kit.checkout(late.idToken);
    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: late.idToken,
      body: { email: late.email },
    });
    expect(deleted.status).toBe(200);

    const pay = await fetch(`${session.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(410);
    expect(await pay.text()).toContain('This checkout is closed');
    expect((await kit.subscriptionsAtStandIn(await kit.customerOf(late.uid))).all).toEqual([]);
    expect(await kit.mailsTo(late.email, 'Discover plan is active')).toEqual([]);
  });
});
