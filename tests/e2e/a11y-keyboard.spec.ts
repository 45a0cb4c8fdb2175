import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { QUERY } from './a11y-pages.js';
import { SEARCH_WAIT, signUpAndSignIn, toast } from './helpers.js';

// Each test signs a user up (and most search) first: room for a busy machine's pace.
test.describe.configure({ timeout: 180_000 });

/** Presses Tab until `target` has the focus; answers how many presses that took (at most `most`). */
async function tabTo(page: Page, target: Locator, most: number, key = 'Tab'): Promise<number> {
  for (let presses = 1; presses <= most; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error(`${key} did not reach ${target.toString()} in ${most} presses`);
}

/** Presses `key` until the focused element is `target` (a menu's arrows). */
async function arrowTo(page: Page, target: Locator, key: string) {
  await tabTo(page, target, 10, key);
}

const heading = (page: Page) => page.locator('main h1');

test('a keyboard user searches, opens a result, favourites it, collects it and comes back', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'walker');
  await page.goto('/home');
  await expect(page).toHaveTitle('Search patents - PatentScout');
  // The search box comes within the header's few controls, before the filter panel.
  const box = page.getByRole('textbox', { name: 'Describe what you are looking for' });
  await tabTo(page, box, 8);
  await page.keyboard.type(QUERY);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\/results\?/, SEARCH_WAIT);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page).toHaveTitle(`Search "${QUERY}" - PatentScout`);
  await expect(heading(page)).toBeFocused();

  const card = page.getByRole('article').first();
  const star = card.getByRole('button', { name: 'Save to favourites' });
  await tabTo(page, star, 60);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeFocused();

  const collect = card.getByRole('button', { name: 'Add to collection' });
  await tabTo(page, collect, 2);
  await page.keyboard.press('Enter');
  await arrowTo(page, page.getByRole('button', { name: 'New collection...' }), 'ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Walked');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Added to “Walked”.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(collect).toBeFocused();

  const title = card.getByRole('heading').getByRole('link');
  const patentTitle = (await title.textContent())!;
  await tabTo(page, title, 3, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patents\//);
  await expect(heading(page)).toHaveText(patentTitle);
  await expect(page).toHaveTitle('Patent - PatentScout');
  await expect(heading(page)).toBeFocused();

  // The browser's own Back (its Alt+Left is the browser's, not the page's, in Playwright).
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/results\?/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(heading(page)).toBeFocused();
});

test('the search tabs follow the arrow keys, focus moving with the selection', async ({ page }) => {
  await signUpAndSignIn(page, 'arrows');
  await page.goto('/home');
  const tab = (name: string) => page.getByRole('tab', { name });
  await tab('AI Search').focus();
  for (const next of ['Advanced Search', 'Previous Searches', 'AI Search']) {
    await page.keyboard.press('ArrowRight');
    await expect(tab(next)).toHaveAttribute('aria-selected', 'true');
    await expect(tab(next)).toBeFocused();
  }
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Previous Searches')).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Previous Searches' })).toBeVisible();
});

test('each page has its own title, and a page change moves focus to its heading', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Bringing innovation to life - PatentScout');
  await signUpAndSignIn(page, 'titles');
  await page.goto('/home');
  for (const [item, title] of [
    ['Favourites', 'Favourites'],
    ['My Account', 'My Account'],
    ['University Searches', 'University Searches'],
    ['Collections', 'Collections'],
  ] as const) {
    await page.getByRole('button', { name: 'Navigate' }).click();
    await page.getByRole('link', { name: item }).click();
    await expect(page).toHaveTitle(`${title} - PatentScout`);
    await expect(heading(page)).toBeFocused();
  }
});

test('a skip link leads past the header to the page', async ({ page }) => {
  await signUpAndSignIn(page, 'skipper');
  await page.goto('/favourites');
  // A user presses Tab on a drawn page: before React draws it, Tab has nothing to reach.
  await expect(page).toHaveTitle('Favourites - PatentScout');
  await expect(heading(page)).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
