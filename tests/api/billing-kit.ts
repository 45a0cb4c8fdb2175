import Stripe from 'stripe';
import { expect } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

const signer = new Stripe('sk_test_signer').webhooks;

/**
 * What the billing tests share: the local Stripe stand-in through the real `stripe` SDK (as
 * Stripe's dashboard or a second tab would act on it), signed webhook events of the test's own,
 * the plan as the API answers it, and the dev mailbox.
 */
export function billingKit(app: TestApp) {
  const standInUrl = new URL(app.localStripeUrl!);
  const standIn = new Stripe(app.config.billing.secretKey, {
    host: standInUrl.hostname,
    port: Number(standInUrl.port),
    protocol: 'http',
  });

  async function eventually<T>(
    probe: () => Promise<T>,
    accept: (value: T) => boolean,
    ms = 15_000,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (accept(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }

  let searchNumber = 0;
  const kit = {
    standIn,
    eventually,

    /** A verified user with an account row. */
    async account(name: string): Promise<EmulatorUser> {
      const user = await createEmulatorUser({ verified: true, name });
      await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
      return user;
    },

    /** Posts an event to the webhook, signed as Stripe signs (or as told). */
    sendEvent(
      type: string,
      object: unknown,
      options: {
        id?: string;
        secret?: string;
        timestamp?: number;
        /** The body as sent, instead of an event around `object`. */
        payload?: string;
        /** Changes the body after it was signed (a forgery). */
        alter?: (payload: string) => string;
      } = {},
    ) {
      const payload =
        options.payload ??
        JSON.stringify({
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
    },

    /** An AI search with a query of its own (the same search twice in a day costs nothing). */
    search(token: string) {
      searchNumber += 1;
      return call(app.baseUrl, 'POST', '/api/v1/ai-search', {
        token,
        body: { query: `robots that clean solar panels, attempt ${searchNumber}` },
      });
    },

    checkout: (token: string, plan = 'discover') =>
      call(app.baseUrl, 'POST', `/payments/create-checkout-session?plan=${plan}`, { token }),

    /** Follows a form's POST on the stand-in's page and answers where it redirects. */
    async submit(url: string): Promise<string | null> {
      const response = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(response.status).toBe(303);
      return response.headers.get('location');
    },

    /** The account's plan as the API answers it, and the specification's subscription status. */
    async planOf(token: string) {
      const answer = await graphql(
        app.baseUrl,
        '{ viewerAccount { plan { name status renewsAt endsAt limited searchesLeft } subscriptionStatus } }',
        {},
        token,
      );
      expect(answer.errors).toBeUndefined();
      return answer.data.viewerAccount as {
        plan: {
          name: string;
          status: string;
          renewsAt: string | null;
          endsAt: string | null;
          limited: boolean;
          searchesLeft: number | null;
        };
        subscriptionStatus: string | null;
      };
    },

    async customerOf(uid: string): Promise<string> {
      const row = await app.database.db
        .selectFrom('billing_customers')
        .select('customer_id')
        .where('user_uid', '=', uid)
        .executeTakeFirstOrThrow();
      return row.customer_id;
    },

    /** The user's subscription as the app keeps it (not a duplicate). */
    async keptSubscription(uid: string): Promise<string> {
      const row = await app.database.db
        .selectFrom('plan_subscriptions')
        .select('subscription_id')
        .where('user_uid', '=', uid)
        .where('duplicate_of', 'is', null)
        .executeTakeFirstOrThrow();
      return row.subscription_id;
    },

    /** The customer's subscriptions at the stand-in, by status. */
    async subscriptionsAtStandIn(customerId: string) {
      const all = await standIn.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
      return {
        all: all.data,
        active: all.data.filter((subscription) => subscription.status === 'active'),
        canceled: all.data.filter((subscription) => subscription.status === 'canceled'),
      };
    },

    /** What the stand-in refunded for the subscription's payments, in cents. */
    async refundedFor(subscriptionId: string): Promise<number> {
      const invoices = await standIn.invoices.list({ subscription: subscriptionId, limit: 100 });
      let cents = 0;
      for (const invoice of invoices.data) {
        const payments = await standIn.invoicePayments.list({ invoice: invoice.id });
        for (const payment of payments.data) {
          const refunds = await standIn.refunds.list({
            payment_intent: payment.payment.payment_intent as string,
          });
          cents += refunds.data.reduce((sum, refund) => sum + refund.amount, 0);
        }
      }
      return cents;
    },

    /** Stops (or resumes) the stand-in's webhook deliveries, as disabling the endpoint would. */
    async pauseWebhooks(paused: boolean): Promise<void> {
      const response = await fetch(`${standInUrl.origin}/test-helpers/webhook-delivery`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${app.config.billing.secretKey}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ paused }),
      });
      expect(response.status).toBe(200);
    },

    async mailsTo(email: string, subjectPart: string) {
      const { body } = await call(app.baseUrl, 'GET', '/dev/outbox');
      return (body.messages as { id: number; to: string[]; subject: string }[]).filter(
        (message) => message.to.includes(email) && message.subject.includes(subjectPart),
      );
    },

    /** Waits until exactly `count` mails matching reach the outbox (and stay: a second would show). */
    async mailsEventually(email: string, subjectPart: string, count: number) {
      await eventually(
        () => kit.mailsTo(email, subjectPart),
        (mails) => mails.length >= count,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      return kit.mailsTo(email, subjectPart);
    },

    /** How many provider events the app recorded (each once). */
    async recordedEvents(): Promise<number> {
      const row = await app.database.db
        .selectFrom('stripe_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Puts the user on the Discover plan through the local checkout. */
    async subscribe(user: EmulatorUser): Promise<void> {
      const session = await kit.checkout(user.idToken);
      await kit.submit(`${session.body.url}/pay`);
      expect((await kit.planOf(user.idToken)).plan.status).toBe('ACTIVE');
    },

    /** An account on the Discover plan, through the checkout; its customer and subscription. */
    async subscriber(name: string) {
      const user = await kit.account(name);
      await kit.subscribe(user);
      const customer = await kit.customerOf(user.uid);
      const [subscription] = (await kit.subscriptionsAtStandIn(customer)).active;
      return { user, customer, subscriptionId: subscription!.id };
    },
  };
  return kit;
}

/**
 * The app the billing tests buy in: one free search a month, one patent to search for, and two
 * accounts, the buyer and another.
 */
export async function startBillingWorld(): Promise<{
  app: TestApp;
  kit: ReturnType<typeof billingKit>;
  buyer: EmulatorUser;
  other: EmulatorUser;
}> {
  const app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '1' } });
  const kit = billingKit(app);
  await insertPatents(app.database.db, [
    patentRow({ title: 'SOLAR PANEL CLEANING ROBOT', abstract: 'A robot cleans solar panels with brushes.' }),
  ]);
  const [buyer, other] = await Promise.all([kit.account('Bea'), kit.account('Otto')]);
  return { app, kit, buyer, other };
}
