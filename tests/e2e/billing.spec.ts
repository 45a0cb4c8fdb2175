import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { useUpFreeSearches } from './e2e-db.js';
import { signUpAndSignIn, toast } from './helpers.js';

async function search(page: Page, query: string) {
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  await aiTab.getByRole('textbox', { name: 'Describe what you are looking for' }).fill(query);
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
}

test('a free user at the limit subscribes on the local checkout, searches past 20, cancels in the portal and is limited again', async ({
  page,
}) => {
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

  await page.goto('/dev/emails');
  const confirmation = page
    .getByLabel('Messages')
    .getByText('PatentScout: your Discover plan is active')
    .first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(confirmation).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await confirmation.click();
  await expect(
    page.getByRole('article', { name: /Discover plan is active/ }).getByText(account.email),
  ).toBeVisible();

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
