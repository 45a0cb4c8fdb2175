import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import {
  confirmEmailThroughDevInbox,
  registerWithEmail,
  SEARCH_WAIT,
  signInWithEmail,
  toast,
  uniqueEmail,
} from './helpers.js';

async function expectImageLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
}

test('a visitor registers, confirms the e-mail, signs in, searches and opens a patent', async ({ page }) => {
  const account = { email: uniqueEmail('alice'), name: 'Alice', password: 'lithium-battery-7' };

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bringing innovation to life' })).toBeVisible();
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();

  await registerWithEmail(page, account);

  // Signing in before confirming is refused with the spec's warning.
  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, 'Verification Needed')).toBeVisible();
  await expect(
    toast(page, 'Your sign in was successful, but you need to verify your account before proceeding.'),
  ).toBeVisible();

  await confirmEmailThroughDevInbox(page, account.email);
  await signInWithEmail(page, account.email, account.password);
  await expect(toast(page, 'Welcome back.')).toBeVisible();
  await expect(page.getByText("Welcome! You're signed in!")).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();

  await page.getByRole('button', { name: "Let's Go!" }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Welcome, Alice!')).toBeVisible();
  await expect(page.getByText('Version: 1.0.0')).toBeVisible();

  // The waiting list, from the Previous Searches tab: joined once, then confirmed and disabled.
  await page.getByRole('tab', { name: 'Previous Searches' }).click();
  const previousTab = page.getByRole('tabpanel', { name: 'Previous Searches' });
  await previousTab.getByRole('button', { name: 'Join the waiting list' }).click();
  await expect(previousTab.getByRole('button', { name: "Thanks! We'll be in touch." })).toBeDisabled();
  await page.getByRole('tab', { name: 'AI Search' }).click();

  await page.getByRole('button', { name: 'Navigate' }).click();
  for (const item of ['Home', 'University Searches', 'Favourites', 'My Account']) {
    await expect(
      page
        .getByRole('menuitem', { name: item })
        .or(page.getByRole('link', { name: item }))
        .first(),
    ).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // Too short an AI query is refused on the client with the spec's toast.
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  const queryBox = aiTab.getByRole('textbox', { name: 'Describe what you are looking for' });
  await queryBox.fill('lithium battery');
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(toast(page, 'Please enter at least 20 characters')).toBeVisible();

  const query = 'a rechargeable lithium battery electrode with a longer life';
  await queryBox.fill(query);
  await queryBox.press('Enter');
  await expect(page).toHaveURL(/\/search\/results\?/, SEARCH_WAIT);
  await expect(page.getByRole('heading', { name: `Search "${query}"` })).toBeVisible();
  await expect(page.getByText(/^Showing \(20 of \d+\) results\./)).toBeVisible();
  await expect(page.getByText('Descriptions are based on AI. Please use with caution.')).toBeVisible();
  // The flags are SVG images that load without an emoji font (the robot is text: ai-caution.spec.ts).
  await expectImageLoaded(
    page
      .getByRole('main')
      .getByRole('img', { name: /\([A-Z]{2}\)$/ })
      .first(),
  );
  await expect(page.getByText("This month, you've done 1 searches.")).toBeVisible();
  // One card per simple family: a family of several publications names the others on its card.
  await expect(
    page
      .getByRole('article')
      .getByRole('button', { name: /^\+\d+ family members?\b/ })
      .first(),
  ).toBeVisible();

  // A reload searches again from the address; the same search within a day costs no credit.
  await page.reload();
  await expect(page.getByText(/^Showing \(20 of \d+\) results\./)).toBeVisible();
  await expect(page.getByText("This month, you've done 1 searches.")).toBeVisible();

  // The document-type filter (the publication type) travels in the address and shows among the
  // active filters.
  await page.goto('/home');
  await page.getByRole('checkbox', { name: 'Granted patents' }).check();
  await queryBox.fill(query);
  await queryBox.press('Enter');
  await expect(page).toHaveURL(/publication_type=GRANTED_PATENT/);
  await expect(
    page.getByRole('group', { name: 'Active filters' }).getByText('Granted patents'),
  ).toBeVisible();
  // Another search (a filter makes it one) counts, and the header follows without a page load.
  await expect(page.getByText("This month, you've done 2 searches.")).toBeVisible();

  const firstTitle = page.locator('main a[href^="/patents/"]').first();
  const titleText = (await firstTitle.innerText()).trim();
  expect(titleText.length).toBeGreaterThan(0);
  // The best hits of a battery query are battery patents.
  await expect(
    page
      .locator('main')
      .getByText(/batter/i)
      .first(),
  ).toBeVisible();
  await firstTitle.click();
  await expect(page).toHaveURL(/\/patents\/[^/]+$/);
  await expect(page.getByText(titleText).first()).toBeVisible();
  await expect(page.getByText('International Filings Overview')).toBeVisible();
  // The filter held: the result is a granted patent.
  await expect(
    page.getByRole('region', { name: 'Details' }).getByText('granted patent', { exact: true }),
  ).toBeVisible();

  // Sign out through the confirmation.
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out' });
  await expect(confirm.getByText('Are you sure you want to sign out?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes' }).click();
  // The patent page stays open to visitors: its header now offers to sign in.
  await expect(page.getByText('Create account or Log In')).toBeVisible();
  // Still signed out after a fresh load: the sign-out reached Firebase's stored session too.
  await page.goto('/');
  await expect(page.getByText('Welcome, please sign in.')).toBeVisible();
});
