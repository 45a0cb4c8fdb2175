import { expect, test } from './fixtures.js';

test('guarded routes send signed-out visitors to the landing page', async ({ page }) => {
  for (const path of [
    '/home',
    '/favourites',
    '/account',
    '/search/university-searches',
    '/search/results?query=x',
    '/insights',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
    await expect(page.getByText('Welcome, please sign in.')).toBeVisible();
  }
});

test('an unknown route shows the 404 page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! 404 Not Found')).toBeVisible();
  await expect(page.getByText("You found a page that doesn't exist...")).toBeVisible();
  await page.getByRole('button', { name: 'Back Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the patent route without an id asks for one', async ({ page }) => {
  await page.goto('/patents/');
  await expect(page.getByText('Please include a patent ID in order to view a patent.')).toBeVisible();
});
