import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { QUERY } from './a11y-pages.js';
import { aiSearchFromHome, signUpAndSignIn, toast } from './helpers.js';

// Each test signs a user up (and most search) first: room for a busy machine's pace.
test.describe.configure({ timeout: 180_000 });

/** Issue 59: focus stays on the control that acted, or moves to what replaced it; nothing hides it. */

const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

test('focus stays on the star and on "Get weekly updates" once they have acted', async ({ page }) => {
  await signUpAndSignIn(page, 'steady');
  await aiSearchFromHome(page, QUERY);
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Save to favourites' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeFocused();

  await page.getByRole('button', { name: 'Get weekly updates' }).focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, "We'll keep you up to date weekly on results of this search.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribed!' })).toBeFocused();
});

test('Load More moves focus to the first card it added, on screen', async ({ page }) => {
  await signUpAndSignIn(page, 'loader');
  await aiSearchFromHome(page, QUERY);
  await page.getByRole('button', { name: 'Load More' }).focus();
  await page.keyboard.press('Enter');
  const added = page.getByRole('article').nth(20);
  await expect(added).toBeFocused();
  await expect(added).toBeInViewport();
});

test('deleting a favourite moves focus to the next one, and the last to the heading', async ({ page }) => {
  await signUpAndSignIn(page, 'pruner');
  await aiSearchFromHome(page, QUERY);
  for (const index of [0, 1]) {
    const card = page.getByRole('article').nth(index);
    await card.getByRole('button', { name: 'Save to favourites' }).click();
    await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  }
  await page.goto('/favourites');
  const deletes = page.getByRole('button', { name: /^Delete / });
  await expect(deletes).toHaveCount(2);
  const second = (await deletes.nth(1).getAttribute('aria-label'))!;
  await deletes.first().focus();
  await page.keyboard.press('Enter');
  await expect(deletes).toHaveCount(1);
  await expect(page.getByRole('button', { name: second })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText("You don't have any saved favourites yet.")).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeFocused();
});

test('a failed sign-in leaves focus in the password field where Enter sent it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign in with Email' });
  await dialog.getByLabel('Email').fill('nobody-here@example.com');
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByLabel('Password').press('Enter');
  await expect(toast(page, 'Error.')).toBeVisible();
  await expect(dialog.getByLabel('Password')).toBeFocused();
});

test("Rename moves focus to the collection's name, and Cancel back to Rename", async ({ page }) => {
  await signUpAndSignIn(page, 'renamer');
  await page.goto('/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  await page.getByRole('dialog', { name: 'New collection' }).getByLabel('Name').fill('Renamed soon');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renamed soon' })).toBeVisible();
  await page.getByRole('button', { name: 'Rename' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Rename' })).toBeFocused();
});

test("the chart strip's bars show a focus ring, and the star is at least 24 by 24 px", async ({ page }) => {
  await signUpAndSignIn(page, 'ringer');
  await aiSearchFromHome(page, QUERY);
  for (const list of ['Top countries', 'Top owners']) {
    const bar = page.getByRole('list', { name: list }).getByRole('button').first();
    await page.getByRole('button', { name: 'Get weekly updates' }).focus();
    for (let presses = 0; presses < 40 && !(await focused(bar)); presses += 1)
      await page.keyboard.press('Tab');
    await expect(bar).toBeFocused();
    const ring = await bar.evaluate((element) => {
      const style = getComputedStyle(element);
      return { outline: style.outlineStyle, shadow: style.boxShadow };
    });
    expect(ring.outline !== 'none' || ring.shadow !== 'none', `${list}: ${JSON.stringify(ring)}`).toBe(true);
  }

  const star = page.getByRole('article').first().getByRole('button', { name: 'Save to favourites' });
  const size = (await star.boundingBox())!;
  expect(size.width).toBeGreaterThanOrEqual(24);
  expect(size.height).toBeGreaterThanOrEqual(24);
});

test('the fixed version footer never covers the control that has the focus', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 600 });
  await signUpAndSignIn(page, 'lowdown');
  await aiSearchFromHome(page, QUERY);
  const covered: string[] = [];
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const hidden = await page.evaluate(() => {
      const active = document.activeElement;
      const footer = document.querySelector('footer.app-version-footer');
      if (!(active instanceof HTMLElement) || !footer || footer.contains(active)) return null;
      const box = active.getBoundingClientRect();
      if (box.height === 0) return null;
      return box.bottom > footer.getBoundingClientRect().top
        ? active.getAttribute('aria-label') || active.textContent?.trim().slice(0, 40) || active.tagName
        : null;
    });
    if (hidden) covered.push(hidden);
  }
  expect(covered).toEqual([]);
});

test('My Account loads the account without waiting on a timer', async ({ page }) => {
  await signUpAndSignIn(page, 'prompt');
  // Timers stand still: only a load that waits for none reaches the form.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account information' })).toBeVisible();
});
