import { type Page } from '@playwright/test';
import Stripe from 'stripe';
import { expect, test } from './fixtures.js';
import pg from 'pg';
import { useUpFreeSearches } from './e2e-db.js';
import { E2E, E2E_DATABASE_URL } from './e2e-env.js';
import { openDevEmail, signUpAndSignIn, toast } from './helpers.js';

/** The local stand-in's API, as Stripe's dashboard would act on it (its embedded-mode test key). */
const standIn = new Stripe('sk_test_patentscout_local', {
  host: '127.0.0.1',
  port: E2E.stripePort,
  protocol: 'http',
});

/** The account's customer at the payment provider. */
async function customerOf(email: string): Promise<string> {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query(
      `SELECT c.customer_id FROM billing_customers c JOIN users u ON u.uid = c.user_uid WHERE u.email = $1`,
      [email],
    );
    return rows[0].customer_id as string;
  } finally {
    await database.end();
  }
}

async function search(page: Page, query: string) {
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  await aiTab.getByRole('textbox', { name: 'Describe what you are looking for' }).fill(query);
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
}

test('a free user at the limit subscribes on the local checkout, searches past 20, cancels in the portal and is limited again', async ({
  page,
}) => {
  // A long journey (checkout, a search, the mailbox, the portal): three times the usual time.
  test.slow();
  const account = await signUpAndSignIn(page, 'bill');
  await useUpFreeSearches(account.email);
  await page.goto('/home');
  await expect(page.getByText("It looks like you're enjoying PatentScout!")).toBeVisible();

  await page.getByRole('button', { name: 'Upgrade my account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();

  await expect(
    page.getByRole('heading', { name: 'Local test checkout: Discover plan $29 per month' }),
  ).toBeVisible();
  await expect(page.getByText('Test mode.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/account\?success=true$/);
  await expect(
    page.getByText('Thank you for your purchase! An email confirmation will be sent to you shortly.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'You are subscribed to this plan.' })).toBeDisabled();
  await expect(page.getByText(/^Renews on \d+ \w+ \d{4}\.$/)).toBeVisible();
  const badge = page.getByText('Discoverer', { exact: true });
  await expect(badge).toBeVisible();
  await badge.hover();
  await expect(page.getByRole('tooltip')).toHaveText("You're subscribed to the Discover plan!");

  await page.goto('/home');
  await expect(page.getByText("It looks like you're enjoying PatentScout!")).toHaveCount(0);
  await search(page, 'a battery electrode that lasts longer in electric cars');
  await expect(page.getByText(/^Showing \(20 of \d+\) results\./)).toBeVisible();

  const confirmation = await openDevEmail(page, 'PatentScout: your Discover plan is active');
  await expect(confirmation.getByText(account.email)).toBeVisible();

  await page.goto('/account');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/Canceled on \w+ \d+, \d{4}/)).toBeVisible();
  await page.getByRole('link', { name: 'Return to PatentScout' }).click();

  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('button', { name: 'Subscribe to the Discover plan' })).toBeEnabled();
  await expect(page.getByText('Discoverer', { exact: true })).toHaveCount(0);
  await page.goto('/home');
  await expect(page.getByText("It looks like you're enjoying PatentScout!")).toBeVisible();
});

test('a cancelled checkout comes back to the cancelled banner, and a checkout that cannot start says so', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'cancella');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();
  await expect(
    page.getByRole('heading', { name: 'Local test checkout: Discover plan $29 per month' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/account\?canceled=true$/);
  await expect(
    page.getByText(
      "Purchase cancelled. Feel free to try again when you're ready or contact us with questions.",
    ),
  ).toBeVisible();
  await expect(page.getByText('Discoverer', { exact: true })).toHaveCount(0);

  // The payment provider is down: the checkout cannot be created.
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('createCheckoutSession')) {
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [
            { message: 'Payments are unavailable right now.', extensions: { code: 'PAYMENTS_UNAVAILABLE' } },
          ],
        }),
      });
    } else {
      await route.fallback();
    }
  });
  await page.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();
  await expect(toast(page, "Can't subscribe at this time")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe to the Discover plan' })).toBeEnabled();
  await expect(page).toHaveURL(/\/account\?canceled=true$/);
});

test('two tabs that subscribe reach the same checkout and buy one plan; a second subscription made at the provider is cancelled, refunded and e-mailed', async ({
  page,
  context,
}) => {
  test.slow();
  const account = await signUpAndSignIn(page, 'tabs');
  await page.goto('/account');
  const other = await context.newPage();
  await other.goto('/account');
  const checkoutHeading = (tab: Page) =>
    tab.getByRole('heading', { name: 'Local test checkout: Discover plan $29 per month' });

  await page.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();
  await expect(checkoutHeading(page)).toBeVisible();
  await other.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();
  await expect(checkoutHeading(other)).toBeVisible();
  expect(other.url()).toBe(page.url());

  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/account\?success=true$/);
  await other.getByRole('button', { name: 'Pay' }).click();
  await expect(other).toHaveURL(/\/account\?success=true$/);
  await expect(page.getByRole('button', { name: 'You are subscribed to this plan.' })).toBeDisabled();
  const customer = await customerOf(account.email);
  const subscriptions = await standIn.subscriptions.list({ customer, status: 'all' });
  expect(subscriptions.data.map((subscription) => subscription.status)).toEqual(['active']);

  await standIn.subscriptions.create({ customer, items: [{ price: 'price_discover_monthly' }] });
  const notice = await openDevEmail(page, 'PatentScout: we cancelled a second Discover subscription');
  await expect(
    notice.frameLocator('iframe[title="HTML part"]').getByText(/refunded its charge of \$29\.00/),
  ).toBeVisible();
  const after = await standIn.subscriptions.list({ customer, status: 'all' });
  expect(after.data.map((subscription) => subscription.status).sort()).toEqual(['active', 'canceled']);

  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'You are subscribed to this plan.' })).toBeDisabled();
  await expect(page.getByText('Discoverer', { exact: true })).toBeVisible();
});
