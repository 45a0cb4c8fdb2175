import { parseArgs } from 'node:util';
import Stripe from 'stripe';
import { benchUser, startBenchServer } from './bench-server.js';

/**
 * Races of checkouts against the product as `npm start` runs it (the local Stripe stand-in, its
 * signed webhooks, the job worker). For each size N: a user whose N tabs ask for a checkout at
 * once and each pay what they got; and a user whose N sessions (one the app's, the others made at
 * the provider) are paid side by side. Prints what the stand-in holds afterwards (the money) and
 * how long the app took to settle. `npm run bench:billing [-- --sizes 2,5,10,20]`.
 */
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '2,5,10,20' } } });
const sizes = values.sizes.split(',').map(Number);
const say = (line: string) => console.log(line);
/** The embedded mode's stand-in key and price (config.ts). */
const LOCAL_KEY = 'sk_test_patentscout_local';
const PRICE = 'price_discover_monthly';
const SETTLE_LIMIT_MS = 120_000;

const server = await startBenchServer(1000, say, { dataDir: '.data/bench-billing' });
const standIn = new Stripe(LOCAL_KEY, { host: '127.0.0.1', port: server.ports.stripe, protocol: 'http' });

async function checkout(token: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/payments/create-checkout-session?plan=discover`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`checkout refused: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { url: string }).url;
}

const pay = (url: string) => fetch(`${url}/pay`, { method: 'POST', redirect: 'manual' });

async function customerOf(uid: string): Promise<string> {
  const row = await server.db
    .selectFrom('billing_customers')
    .select('customer_id')
    .where('user_uid', '=', uid)
    .executeTakeFirstOrThrow();
  return row.customer_id;
}

async function atStandIn(customer: string) {
  const all = await standIn.subscriptions.list({ customer, status: 'all', limit: 100 });
  const canceled = all.data.filter((subscription) => subscription.status === 'canceled');
  return { created: all.data.length, active: all.data.length - canceled.length, canceled };
}

/** Waits until the customer has exactly one subscription that is not cancelled; answers the ms taken. */
async function settled(customer: string, started: number): Promise<number> {
  for (;;) {
    const { active } = await atStandIn(customer);
    if (active === 1) return Date.now() - started;
    if (Date.now() - started > SETTLE_LIMIT_MS)
      throw new Error(`${active} active after ${SETTLE_LIMIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function refundedCents(subscriptionIds: Set<string>): Promise<number> {
  let cents = 0;
  for await (const refund of standIn.refunds.list({ limit: 100 }))
    if (subscriptionIds.has(refund.metadata?.subscription ?? '')) cents += refund.amount;
  return cents;
}

async function mailsOf(email: string, keyPrefix: string): Promise<number> {
  const rows = await server.db
    .selectFrom('mail_messages')
    .select('id')
    .where('to_address', '=', email)
    .where('idempotency_key', 'like', `${keyPrefix}%`)
    .execute();
  return rows.length;
}

const rows: string[][] = [];
try {
  for (const n of sizes) {
    const tabs = await benchUser(server, { paid: false });
    const asked = Date.now();
    const urls = await Promise.all(Array.from({ length: n }, () => checkout(tabs.token)));
    const checkoutMs = Date.now() - asked;
    const paying = Date.now();
    await Promise.all(urls.map(pay));
    const tabsCustomer = await customerOf(tabs.uid);
    const tabsSettleMs = await settled(tabsCustomer, paying);
    const tabsAfter = await atStandIn(tabsCustomer);
    rows.push([
      `${n} tabs`,
      String(new Set(urls).size),
      String(tabsAfter.created),
      String(tabsAfter.active),
      '0',
      '$0.00',
      String(await mailsOf(tabs.email, 'billing:purchase:')),
      '0',
      `${checkoutMs} / ${tabsSettleMs}`,
    ]);

    const side = await benchUser(server, { paid: false });
    const own = await checkout(side.token);
    const customer = await customerOf(side.uid);
    const more = await Promise.all(
      Array.from({ length: n - 1 }, () =>
        standIn.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: side.uid,
          line_items: [{ price: PRICE, quantity: 1 }],
          success_url: `${server.url}/account?success=true`,
          cancel_url: `${server.url}/account?canceled=true`,
        }),
      ),
    );
    const started = Date.now();
    await Promise.all([own, ...more.map((session) => session.url!)].map(pay));
    const settleMs = await settled(customer, started);
    const after = await atStandIn(customer);
    const refunded = await refundedCents(new Set(after.canceled.map((subscription) => subscription.id)));
    rows.push([
      `${n} sessions paid`,
      String(n),
      String(after.created),
      String(after.active),
      String(after.canceled.length),
      `$${(refunded / 100).toFixed(2)}`,
      String(await mailsOf(side.email, 'billing:purchase:')),
      String(await mailsOf(side.email, 'billing:duplicate-cancelled:')),
      `- / ${settleMs}`,
    ]);
  }
  const header = [
    'race',
    'checkout URLs',
    'subscriptions made',
    'active after',
    'cancelled',
    'refunded',
    'confirmations',
    'duplicate notices',
    'ms: checkouts / settled',
  ];
  say('');
  say(`| ${header.join(' | ')} |`);
  say(`| ${header.map(() => '---').join(' | ')} |`);
  for (const row of rows) say(`| ${row.join(' | ')} |`);
} finally {
  await server.stop();
}
