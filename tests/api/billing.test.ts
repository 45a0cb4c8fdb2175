import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

/**
 * Billing against the local Stripe stand-in, through the real `stripe` SDK on both sides: the
 * app's calls, the stand-in's checkout and portal pages, and webhook events signed with Stripe's
 * scheme (the stand-in's, or the test's own for replays, forgeries and late events).
 */
let app: TestApp;
let buyer: EmulatorUser;
let other: EmulatorUser;
let standIn: Stripe;
let searchNumber = 0;

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '1' } });
  await insertPatents(app.database.db, [
    patentRow({ title: 'SOLAR PANEL CLEANING ROBOT', abstract: 'A robot cleans solar panels with brushes.' }),
  ]);
  [buyer, other] = await Promise.all([
    createEmulatorUser({ verified: true }),
    createEmulatorUser({ verified: true }),
  ]);
  await app.database.db
    .insertInto('users')
    .values([
      { uid: buyer.uid, email: buyer.email, name: 'Bea' },
      { uid: other.uid, email: other.email, name: 'Otto' },
    ])
    .execute();
});
afterAll(() => app.close());

const signer = new Stripe('sk_test_signer').webhooks;

/** Posts an event to the webhook, signed as Stripe signs (or as told). */
function sendEvent(
  type: string,
  object: object,
  options: { id?: string; secret?: string; timestamp?: number; alter?: (payload: string) => string } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const signature = signer.generateTestHeaderString({
    payload,
    secret: options.secret ?? app.config.billing.webhookSecret,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return fetch(`${app.baseUrl}/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: options.alter ? options.alter(payload) : payload,
  });
}

const accountRow = (uid: string) =>
  app.database.db
    .selectFrom('users')
    .select([
      'subscription_status',
      'stripe_customer_id',
      'stripe_subscription_id',
      'subscription_period_end',
    ])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();

const processedEvents = async () =>
  Number(
    (
      await app.database.db
        .selectFrom('stripe_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function mailsTo(email: string, subjectPart: string) {
  const { body } = await call(app.baseUrl, 'GET', '/dev/outbox');
  return (body.messages as { to: string[]; subject: string }[]).filter(
    (message) => message.to.includes(email) && message.subject.includes(subjectPart),
  );
}

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** A search with a query of its own (the same search twice in a day costs nothing). */
const search = (token: string) => {
  searchNumber += 1;
  return call(app.baseUrl, 'POST', '/api/v1/ai-search', {
    token,
    body: { query: `robots that clean solar panels, attempt ${searchNumber}` },
  });
};

const checkout = (token: string, plan = 'discover') =>
  call(app.baseUrl, 'POST', `/payments/create-checkout-session?plan=${plan}`, { token });

/** Follows a form's POST on the stand-in's page and answers where it redirects. */
async function submit(url: string): Promise<string | null> {
  const response = await fetch(url, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.get('location');
}

describe('billing: checkout', () => {
  it('refuses a signed-out caller, an unknown plan and a missing plan', async () => {
    expect((await checkout('')).status).toBe(401);
    const unknown = await checkout(buyer.idToken, 'platinum');
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

  it('subscribes through the local checkout: customer kept once, status active, one confirmation e-mail, limit lifted', async () => {
    expect((await search(buyer.idToken)).status).toBe(200);
    expect((await search(buyer.idToken)).status).toBe(200);
    expect((await search(buyer.idToken)).status).toBe(402);

    const first = await checkout(buyer.idToken);
    expect(first.status).toBe(200);
    const customer = (await accountRow(buyer.uid)).stripe_customer_id;
    expect(customer).toMatch(/^cus_/);
    const second = await checkout(buyer.idToken);
    expect((await accountRow(buyer.uid)).stripe_customer_id).toBe(customer);
    expect(second.body.url).not.toBe(first.body.url);

    const checkoutUrl = new URL(second.body.url as string);
    standIn = new Stripe(app.config.billing.secretKey, {
      host: checkoutUrl.hostname,
      port: Number(checkoutUrl.port),
      protocol: 'http',
    });
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('Local test checkout: Discover plan $29 per month');
    expect(await submit(`${checkoutUrl}/pay`)).toBe(`${app.config.http.publicUrl}/account?success=true`);

    const row = await accountRow(buyer.uid);
    expect(row.subscription_status).toBe('active');
    expect(row.stripe_subscription_id).toMatch(/^sub_/);
    expect(row.subscription_period_end!.getTime()).toBeGreaterThan(Date.now() + 25 * 24 * 3600_000);
    expect(
      await eventually(
        () => mailsTo(buyer.email, 'Discover plan is active'),
        (m) => m.length > 0,
      ),
    ).toHaveLength(1);

    expect((await search(buyer.idToken)).status).toBe(200);
    expect((await search(buyer.idToken)).status).toBe(200);
    const again = await checkout(buyer.idToken);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_SUBSCRIBED');
  });

  it('answers a cancelled checkout with the cancel address and changes nothing', async () => {
    const session = await checkout(other.idToken);
    expect(await submit(`${session.body.url}/cancel`)).toBe(
      `${app.config.http.publicUrl}/account?canceled=true`,
    );
    expect((await accountRow(other.uid)).subscription_status).toBeNull();
  });
});

describe('billing: webhooks', () => {
  it('refuses a wrong secret, an altered body, an old timestamp and a missing signature with 400, changing nothing', async () => {
    const before = await processedEvents();
    const subscription = await standIn.subscriptions.retrieve(
      (await accountRow(buyer.uid)).stripe_subscription_id!,
    );
    const cancelled = { ...subscription, status: 'canceled' };
    const refusals = [
      await sendEvent('customer.subscription.deleted', cancelled, { secret: 'whsec_wrong' }),
      await sendEvent('customer.subscription.deleted', cancelled, {
        alter: (payload) =>
          payload.replace('"customer.subscription.deleted"', '"customer.subscription.updated"'),
      }),
      await sendEvent('customer.subscription.deleted', cancelled, {
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
      await fetch(`${app.baseUrl}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          id: 'evt_unsigned',
          type: 'customer.subscription.deleted',
          data: { object: cancelled },
        }),
      }),
    ];
    for (const response of refusals) {
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    expect(await processedEvents()).toBe(before);
    expect((await accountRow(buyer.uid)).subscription_status).toBe('active');
  });

  it('processes a replayed or concurrently duplicated event once', async () => {
    const subscriptionId = (await accountRow(buyer.uid)).stripe_subscription_id!;
    const invoice = {
      id: 'in_test_failed_once',
      object: 'invoice',
      customer: (await accountRow(buyer.uid)).stripe_customer_id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    };
    const statuses = await Promise.all([
      sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' }),
      sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' }),
    ]);
    expect(statuses.map((response) => response.status)).toEqual([200, 200]);
    expect((await sendEvent('invoice.payment_failed', invoice, { id: 'evt_test_duplicate' })).status).toBe(
      200,
    );
    await eventually(
      () => mailsTo(buyer.email, "couldn't renew"),
      (mails) => mails.length > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await mailsTo(buyer.email, "couldn't renew")).toHaveLength(1);
    const rows = await app.database.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', 'evt_test_duplicate')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ignores a checkout that names another user’s customer', async () => {
    const buyerRow = await accountRow(buyer.uid);
    const response = await sendEvent('checkout.session.completed', {
      id: 'cs_test_forged',
      object: 'checkout.session',
      client_reference_id: other.uid,
      customer: buyerRow.stripe_customer_id,
      subscription: buyerRow.stripe_subscription_id,
    });
    expect(response.status).toBe(200);
    expect((await accountRow(other.uid)).subscription_status).toBeNull();
    expect(await mailsTo(other.email, 'Discover plan is active')).toHaveLength(0);
  });

  it('follows a failed renewal and a cancellation from the portal, and a late "updated" cannot resurrect it', async () => {
    const portal = await call(app.baseUrl, 'POST', '/payments/create-portal-session', {
      token: buyer.idToken,
    });
    expect(portal.status).toBe(200);
    const subscriptionId = (await accountRow(buyer.uid)).stripe_subscription_id!;
    const activeState = await standIn.subscriptions.retrieve(subscriptionId);

    await submit(`${portal.body.url}/subscriptions/${subscriptionId}/fail-renewal`);
    expect((await accountRow(buyer.uid)).subscription_status).toBe('past_due');
    expect((await search(buyer.idToken)).status).toBe(402);
    await submit(`${portal.body.url}/subscriptions/${subscriptionId}/renew`);
    expect((await accountRow(buyer.uid)).subscription_status).toBe('active');
    expect((await search(buyer.idToken)).status).toBe(200);

    await submit(`${portal.body.url}/subscriptions/${subscriptionId}/cancel`);
    expect((await accountRow(buyer.uid)).subscription_status).toBe('canceled');
    expect((await search(buyer.idToken)).status).toBe(402);

    // Stripe's "updated" from before the cancellation, delivered last.
    expect((await sendEvent('customer.subscription.updated', activeState)).status).toBe(200);
    expect((await accountRow(buyer.uid)).subscription_status).toBe('canceled');
    expect((await search(buyer.idToken)).status).toBe(402);

    // Subscribing again is possible once the old subscription has ended.
    expect((await checkout(buyer.idToken)).status).toBe(200);
  });

  it('answers 409 for the portal before any checkout', async () => {
    const stranger = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: stranger.uid, email: stranger.email, name: 'S' })
      .execute();
    const response = await call(app.baseUrl, 'POST', '/payments/create-portal-session', {
      token: stranger.idToken,
    });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('NO_BILLING_ACCOUNT');
  });
});

describe('billing: closing an account', () => {
  it('cancels the subscription before the account is deleted, so a deleted account is never charged again', async () => {
    const leaver = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: leaver.uid, email: leaver.email, name: 'Lee' })
      .execute();
    const session = await checkout(leaver.idToken);
    const checkoutUrl = new URL(session.body.url as string);
    await submit(`${checkoutUrl}/pay`);
    const { stripe_subscription_id: subscriptionId, subscription_status: before } = await accountRow(
      leaver.uid,
    );
    expect(before).toBe('active');

    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: leaver.idToken,
      body: { email: leaver.email },
    });
    expect(deleted.status).toBe(200);
    const provider = new Stripe(app.config.billing.secretKey, {
      host: checkoutUrl.hostname,
      port: Number(checkoutUrl.port),
      protocol: 'http',
    });
    expect((await provider.subscriptions.retrieve(subscriptionId!)).status).toBe('canceled');
    expect((await accountRow(leaver.uid)).subscription_status).toBe('canceled');
  });

  it('stops, and does not confirm, a checkout paid after its account was closed', async () => {
    const late = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: late.uid, email: late.email, name: 'Laz' })
      .execute();
    const session = await checkout(late.idToken);
    const checkoutUrl = new URL(session.body.url as string);
    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: late.idToken,
      body: { email: late.email },
    });
    expect(deleted.status).toBe(200);

    await submit(`${checkoutUrl}/pay`);
    const { stripe_subscription_id: subscriptionId } = await accountRow(late.uid);
    expect(subscriptionId).toMatch(/^sub_/);
    const provider = new Stripe(app.config.billing.secretKey, {
      host: checkoutUrl.hostname,
      port: Number(checkoutUrl.port),
      protocol: 'http',
    });
    expect(
      (
        await eventually(
          () => provider.subscriptions.retrieve(subscriptionId!),
          (s) => s.status === 'canceled',
        )
      ).status,
    ).toBe('canceled');
    expect(await mailsTo(late.email, 'Discover plan is active')).toEqual([]);
  });
});
