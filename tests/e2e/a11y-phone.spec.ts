import { expect, test } from './fixtures.js';
import { openSettled, sweepEveryPage, WITHDRAWN_RESULTS } from './a11y-pages.js';
import { signUpAndSignIn } from './helpers.js';

// Each test signs a user up (and most search) first: room for a busy machine's pace.
test.describe.configure({ timeout: 180_000 });

/** A phone's width (WCAG 1.4.10 reflow: 320 CSS px; issue 59 measured at 375). */
test.use({ viewport: { width: 375, height: 740 } });

sweepEveryPage('Phone: no sideways scrolling', { width: 375, height: 740 }, async (page, path) => {
  await openSettled(page, path);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a withdrawn result keeps its star and "Add to collection" on screen at 375 px', async ({ page }) => {
  await signUpAndSignIn(page, 'narrow');
  await openSettled(page, WITHDRAWN_RESULTS);
  const card = page.getByRole('article').filter({ hasText: 'WITHDRAWN OR REJECTED' }).first();
  for (const control of [
    card.getByRole('button', { name: 'Add to collection' }),
    card.getByRole('button', { name: 'Save to favourites' }),
  ]) {
    // Where it lies on the page, whatever the window's sideways scroll.
    const { left, right } = await control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left + window.scrollX, right: box.right + window.scrollX };
    });
    expect(left).toBeGreaterThanOrEqual(0);
    expect(right).toBeLessThanOrEqual(375);
  }
});

test('the phone menu says whether it is open and closes once a page is chosen', async ({ page }) => {
  await signUpAndSignIn(page, 'menu');
  await page.goto('/home');
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Navigate' }).click();
  await page.getByRole('link', { name: 'Favourites' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeHidden();
});
