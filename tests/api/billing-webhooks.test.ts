import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { startBillingWorld, type billingKit } from './billing-kit.js';
import { call } from './http.js';

/**
 * Billing's webhooks: events signed with Stripe's scheme (the local stand-in's, or the test's own
 * for replays, forgeries and late events), for a subscriber who used the free searches up before
 * paying. The plan is read as a client reads it: the account's `plan` object.
 */
let app: TestApp;
let kit: ReturnType<typeof billingKit>;
let buyer: EmulatorUser;
let other: EmulatorUser;

beforeAll(async () => {
  ({ app, kit, buyer, other } = await startBillingWorld());
  // The free searches used up, so that the plan's end limits the buyer at once.
  expect((await kit.search(buyer.idToken)).status).toBe(200);
  expect((await kit.search(buyer.idToken)).status).toBe(200);
  await kit.subscribe(buyer);
});
afterAll(() => app.close());

describe('billing: webhooks', () => {
  it('refuses a wrong secret, an altered body, an old timestamp and a missing signature with 400, changing nothing', async () => {
    const before = await kit.recordedEvents();
    const subscription = await kit.standIn.subscriptions.retrieve(await kit.keptSubscription(buyer.uid));
    const cancelled = { ...subscription, status: 'canceled' };
    const payload = JSON.stringify({
      id: 'evt_test_altered',
      type: 'customer.subscription.deleted',
      data: { object: cancelled },
    });
    const refusals = [
      await kit.sendEvent('customer.subscription.deleted', cancelled, { secret: 'whsec_wrong' }),
      await kit.sendEvent('customer.subscription.deleted', cancelled, {
        alter: (signed) =>
          signed.replace('"customer.subscription.deleted"', '"customer.subscription.updated"'),
      }),
      await kit.sendEvent('customer.subscription.deleted', cancelled, {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
      await fetch(`${app.baseUrl}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload,
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await kit.recordedEvents()).toBe(before);
    expect((await kit.planOf(buyer.idToken)).plan.status).toBe('ACTIVE');
  });

  it('refuses a signed event whose content does not fit its type with 400 naming its id, changing nothing', async () => {
    const before = await kit.recordedEvents();
    const malformed: Array<[string, Parameters<typeof kit.sendEvent>]> = [
      ['evt_test_empty_object', ['customer.subscription.updated', {}, { id: 'evt_test_empty_object' }]],
      [
        'evt_test_number_customer',
        ['checkout.session.completed', { id: 'cs_x', customer: 42 }, { id: 'evt_test_number_customer' }],
      ],
      [
        'evt_test_no_data',
        ['invoice.paid', null, { payload: '{"id":"evt_test_no_data","type":"invoice.paid"}' }],
      ],
      ['evt_test_string_object', ['invoice.payment_failed', 'in_123', { id: 'evt_test_string_object' }]],
      [
        '(without an id)',
        [
          'customer.subscription.created',
          null,
          { payload: '{"type":"customer.subscription.created","data":{"object":{}}}' },
        ],
      ],
    ];
    for (const [eventId, args] of malformed) {
      const response = await kit.sendEvent(...args);
      expect(response.status).toBe(400);
      const body = await response.json();
      expect(body.code).toBe('WEBHOOK_EVENT_INVALID');
      expect(body.message).toContain(eventId);
    }
    // Signed, but not JSON at all: the body is refused as it is read.
    const unreadable = await kit.sendEvent('invoice.paid', null, { payload: 'not json at all' });
    expect(unreadable.status).toBe(400);
    expect((await unreadable.json()).code).toBe('BAD_REQUEST');
    expect(await kit.recordedEvents()).toBe(before);
    expect((await kit.planOf(buyer.idToken)).plan.status).toBe('ACTIVE');
  });

  it('answers 200 for an event of a subscription nobody knows, and keeps it for the reconciliation', async () => {
    const response = await kit.sendEvent(
      'customer.subscription.updated',
      { id: 'sub_nobody_knows', object: 'subscription', customer: 'cus_nobody' },
      { id: 'evt_test_unknown_subscription' },
    );
    expect(response.status).toBe(200);
    const row = await app.database.db
      .selectFrom('stripe_events')
      .select(['outcome', 'subscription_id'])
      .where('id', '=', 'evt_test_unknown_subscription')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'unmatched', subscription_id: 'sub_nobody_knows' });
    // Delivered again (Stripe retries): still 200, still one record.
    expect(
      (
        await kit.sendEvent(
          'customer.subscription.updated',
          { id: 'sub_nobody_knows', customer: 'cus_nobody' },
          { id: 'evt_test_unknown_subscription' },
        )
      ).status,
    ).toBe(200);
  });

  it('processes a replayed or concurrently duplicated event once', async () => {
    const subscriptionId = await kit.keptSubscription(buyer.uid);
    const invoice = {
      id: 'in_test_failed_once',
      object: 'invoice',
      customer: await kit.customerOf(buyer.uid),
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    const statuses = await Promise.all([
      kit.sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' }),
      kit.sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' }),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200]);
    expect(
      (await kit.sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' })).status,
    ).toBe(200);
    expect(await kit.mailsEventually(buyer.email, "couldn't renew", 1)).toHaveLength(1);
    const rows = await app.database.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', 'evt_test_duplicate')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ignores a checkout that names another user’s customer', async () => {
    const response = await kit.sendEvent('checkout.session.completed', {
      id: 'cs_test_forged',
      object: 'checkout.session',
      client_reference_id: other.uid,
      customer: await kit.customerOf(buyer.uid),
      subscription: await kit.keptSubscription(buyer.uid),
    });
    expect(response.status).toBe(200);
    expect((await kit.planOf(other.idToken)).plan.status).toBe('FREE');
    expect(await kit.mailsTo(other.email, 'Discover plan is active')).toHaveLength(0);
  });

  it('follows a failed renewal and a cancellation from the portal, and a late "updated" cannot resurrect it', async () => {
    const portal = await call(app.baseUrl, 'POST', '/payments/create-portal-session', {
      token: buyer.idToken,
    });
    expect(portal.status).toBe(200);
    const subscriptionId = await kit.keptSubscription(buyer.uid);
    const activeState = await kit.standIn.subscriptions.retrieve(subscriptionId);

    await kit.submit(`${portal.body.url}/subscriptions/${subscriptionId}/fail-renewal`);
    expect(await kit.planOf(buyer.idToken)).toMatchObject({
      plan: { name: 'DISCOVER', status: 'PAST_DUE', limited: true },
      subscriptionStatus: 'past_due',
    });
    expect((await kit.search(buyer.idToken)).status).toBe(402);
    await kit.submit(`${portal.body.url}/subscriptions/${subscriptionId}/renew`);
    expect((await kit.planOf(buyer.idToken)).plan.status).toBe('ACTIVE');
    expect((await kit.search(buyer.idToken)).status).toBe(200);

    await kit.submit(`${portal.body.url}/subscriptions/${subscriptionId}/cancel`);
    const ended = await kit.planOf(buyer.idToken);
    expect(ended).toMatchObject({
      plan: { name: 'FREE', status: 'ENDED', renewsAt: null, limited: true },
      subscriptionStatus: 'canceled',
    });
    expect(new Date(ended.plan.endsAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await kit.search(buyer.idToken)).status).toBe(402);

    // Stripe's "updated" from before the cancellation, delivered last.
    expect((await kit.sendEvent('customer.subscription.updated', activeState)).status).toBe(200);
    expect((await kit.planOf(buyer.idToken)).plan.status).toBe('ENDED');
    expect((await kit.search(buyer.idToken)).status).toBe(402);

    // Subscribing again is possible once the old subscription has ended.
    expect((await kit.checkout(buyer.idToken)).status).toBe(200);
  });
});
