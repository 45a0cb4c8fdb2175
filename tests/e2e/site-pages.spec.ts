import { expect, test } from '@playwright/test';
import { signUpAndSignIn } from './helpers.js';

test('the landing page links to the features and documentation pages, which work opened directly too', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Explore the features' }).click();
  await expect(page).toHaveURL(/\/features$/);
  await expect(page.getByRole('heading', { name: 'What PatentScout does' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Weekly updates' })).toBeVisible();

  await page.goto('/');
  await page.getByRole('link', { name: 'Read the documentation' }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole('heading', { name: 'Documentation', exact: true })).toBeVisible();
  // The syntax guide is docs/search-syntax.md, rendered with its tables.
  await expect(page.getByRole('heading', { name: 'Advanced search syntax' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'title:(drone OR uav)' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Advanced search syntax' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Discover plan' })).toBeVisible();
  await expect(page.getByText('$29 per month')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to subscribe' })).toBeVisible();
});

test("the account page's pricing link and the search page's syntax guide open real pages", async ({
  page,
  context,
}) => {
  await signUpAndSignIn(page, 'paula');
  await page.goto('/account');
  await page.getByRole('link', { name: 'pricing page' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('link', { name: 'Subscribe from My Account' })).toBeVisible();

  await page.goto('/home');
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  const guideTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Read the full search syntax documentation' }).click();
  const guide = await guideTab;
  await expect(guide).toHaveURL(/\/docs#search-syntax$/);
  await expect(guide.getByRole('heading', { name: 'Advanced search syntax' })).toBeInViewport();

  // The dev mailbox is a page of its own: opened directly or reloaded, it still lists the mail.
  await page.goto('/dev/emails');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign-in links' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'VERIFY_EMAIL' }).first()).toBeVisible();
});
