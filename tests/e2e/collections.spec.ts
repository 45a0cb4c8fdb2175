import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { expect, test } from './fixtures.js';
import {
  addFromCard,
  aiSearchFromHome,
  newCollectionFrom,
  openDevEmail,
  signUpAndSignIn,
  toast,
} from './helpers.js';

const QUERY = 'a battery electrode that lasts longer in electric cars';

/** What a re-index does to a patent whose legal status changed at the office. */
async function reindexWithNewStatus(lensId: string): Promise<string> {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query<{ patent_status: string }>(
      `UPDATE patents SET patent_status = CASE WHEN patent_status = 'EXPIRED' THEN 'ACTIVE' ELSE 'EXPIRED' END
       WHERE lens_id = $1 RETURNING patent_status`,
      [lensId],
    );
    return rows[0]!.patent_status;
  } finally {
    await database.end();
  }
}

async function secondUser(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const account = await signUpAndSignIn(page, prefix);
  return { page, account, close: () => context.close() };
}

test('a user collects results from cards and the patent page, annotates, tags, filters and exports', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'cora');
  await aiSearchFromHome(page, QUERY);
  await newCollectionFrom(page, page.getByRole('article').first(), 'Battery prior art');
  await addFromCard(page, 1, 'Battery prior art');

  // The Navigate menu lists collections after Favourites.
  await page.getByRole('button', { name: 'Navigate' }).click();
  const labels = await page.locator('[aria-labelledby="navigate-menu"] .dropdown-item').allInnerTexts();
  expect(labels.indexOf('Collections')).toBe(labels.indexOf('Favourites') + 1);
  await page.getByRole('link', { name: 'Collections' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Battery prior art' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('2');
  await row.getByRole('link', { name: 'Battery prior art' }).click();

  const cards = page.getByTestId('collection-card');
  await expect(cards).toHaveCount(2);
  const first = cards.first();
  await first.getByRole('button', { name: 'Add a note' }).click();
  await first.getByLabel('Note').fill('Claim 1 anticipates our electrode.');
  await first.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(page, 'Note saved.')).toBeVisible();
  await expect(first.getByTestId('member-note')).toContainText('Claim 1 anticipates our electrode.');
  await first.getByRole('textbox', { name: 'Add a tag' }).fill('anticipation');
  await first.getByRole('textbox', { name: 'Add a tag' }).press('Enter');
  await expect(first.getByTestId('member-tag')).toHaveText(['anticipation']);

  await page.getByLabel('Tag', { exact: true }).selectOption('anticipation');
  await expect(cards).toHaveCount(1);
  await expect(page.getByText('1 family shown')).toBeVisible();

  // The exports reuse the results' exports, with the collection's notes and tags.
  await page.getByRole('button', { name: 'Export 1 patent' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV (spreadsheet)' }).click();
  const csv = await readFile((await (await downloading).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/,Note,Tags$/);
  expect(csv).toContain('Claim 1 anticipates our electrode.');
  expect(csv).toContain('anticipation');
  await page.getByRole('button', { name: 'Export 1 patent' }).click();
  const ris = page.waitForEvent('download');
  await page.getByRole('button', { name: 'RIS (Zotero, EndNote)' }).click();
  expect(await readFile((await (await ris).path())!, 'utf8')).toContain(
    'N1  - Note: Claim 1 anticipates our electrode.',
  );
  await page.getByRole('button', { name: 'Export 1 patent' }).click();
  const pdf = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF (ten results a page)' }).click();
  expect((await (await pdf).path()) !== null).toBe(true);

  // The patent page shows the note, and adds to a collection of its own.
  await first.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/patents\//);
  await expect(page.getByRole('region', { name: 'Your notes' })).toContainText(
    'Claim 1 anticipates our electrode.',
  );
  await newCollectionFrom(page, page, 'To read');
  await page.goto('/collections');
  await expect(page.getByRole('row').filter({ hasText: 'To read' }).getByRole('cell').nth(1)).toHaveText('1');
});

test('an owner shares by link and invites an editor, who edits', async ({ page, browser }) => {
  await signUpAndSignIn(page, 'owen');
  await aiSearchFromHome(page, QUERY);
  await newCollectionFrom(page, page.getByRole('article').first(), 'Shared set');
  await page.goto('/collections');
  await page.getByRole('link', { name: 'Shared set' }).click();
  const collectionUrl = page.url();

  await page.getByRole('button', { name: 'Create a link' }).click();
  await expect(toast(page, 'Link created.')).toBeVisible();
  const link = await page.getByLabel(/Read-only link/).inputValue();
  expect(link).toMatch(/\/collections\/shared\/[\w-]{32}$/);

  const reader = await secondUser(browser, 'rhea');
  await reader.page.goto(new URL(link).pathname);
  await expect(reader.page.getByRole('heading', { name: 'Shared set' })).toBeVisible();
  await expect(reader.page.getByText('Opened by its link: read only.')).toBeVisible();
  await expect(reader.page.getByTestId('collection-card')).toHaveCount(1);
  await expect(reader.page.getByRole('button', { name: 'Remove' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'The link no longer works.')).toBeVisible();
  await reader.page.reload();
  await expect(reader.page.getByRole('heading', { name: "This link doesn't work any more" })).toBeVisible();
  await reader.close();

  const editor = await secondUser(browser, 'edna');
  await page.getByLabel('Invite a colleague by e-mail').fill(editor.account.email);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'Invite' }).click();
  await expect(toast(page, `Invitation sent to ${editor.account.email}.`)).toBeVisible();

  const message = await openDevEmail(
    editor.page,
    'PatentScout: Owen shared the collection “Shared set” with you',
  );
  await expect(message.getByText(editor.account.email).first()).toBeVisible();
  const accept = await editor.page
    .frameLocator('iframe[title="HTML part"]')
    .getByRole('link', { name: 'Open the collection' })
    .getAttribute('href');
  await editor.page.goto(new URL(accept!).pathname);
  await expect(editor.page).toHaveURL(collectionUrl);
  await expect(
    editor.page.getByText('Shared with you: you can add, remove and annotate patents.'),
  ).toBeVisible();
  const card = editor.page.getByTestId('collection-card').first();
  await card.getByRole('button', { name: 'Add a note' }).click();
  await card.getByLabel('Note').fill('Checked by Edna.');
  await card.getByRole('button', { name: 'Save note' }).click();
  await expect(toast(editor.page, 'Note saved.')).toBeVisible();
  await editor.close();

  await page.reload();
  await expect(page.getByTestId('member-note')).toContainText('Checked by Edna.');
  await expect(page.getByText(`${editor.account.email} · editor`)).toBeVisible();
});

test("a watched collection mails its owner when a re-index changes a member's legal status", async ({
  page,
}) => {
  await signUpAndSignIn(page, 'wally');
  await aiSearchFromHome(page, QUERY);
  await newCollectionFrom(page, page.getByRole('article').first(), 'Watched batteries');
  await page.goto('/collections');
  await page.getByRole('link', { name: 'Watched batteries' }).click();
  await page.getByLabel('E-mail me weekly when something changes').check();
  await expect(toast(page, 'You will get a weekly e-mail when something changes.')).toBeVisible();
  const href = await page
    .getByTestId('collection-card')
    .getByRole('heading')
    .getByRole('link')
    .getAttribute('href');
  const status = await reindexWithNewStatus(decodeURIComponent(href!.replace('/patents/', '')));

  await page.goto('/dev/emails');
  await page.getByRole('button', { name: "Send this week's digests now" }).click();
  await expect(toast(page, 'Weekly digests sent.')).toBeVisible();
  await openDevEmail(page, 'changes in your collections');
  const html = page.frameLocator('iframe[title="HTML part"]');
  await expect(html.getByText('What changed in your collections')).toBeVisible();
  await expect(html.getByRole('link', { name: 'Watched batteries' })).toBeVisible();
  await expect(html.getByText(new RegExp(`Legal status changed: \\w+ → ${status}`))).toBeVisible();
  const stop = await html
    .getByRole('link', { name: 'Stop e-mails for this collection' })
    .getAttribute('href');
  await page.goto(new URL(stop!).pathname + new URL(stop!).search);
  await page.getByRole('button', { name: 'Stop e-mails' }).click();
  await expect(page.getByText("You won't get weekly e-mails about this collection any more.")).toBeVisible();
});

test("a card's collection menu ticks the collections that hold its patent at once, and untick removes", async ({
  page,
}) => {
  await signUpAndSignIn(page, 'tick');
  await aiSearchFromHome(page, QUERY);
  const first = page.getByRole('article').first();
  const second = page.getByRole('article').nth(1);
  await newCollectionFrom(page, first, 'Ticked');
  await addFromCard(page, 1, 'Ticked');

  // Reopened without a reload, each card's menu says what holds its own patent.
  await second.getByRole('button', { name: 'Add to collection' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: 'Ticked' });
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await item.click();
  await expect(toast(page, 'Removed from “Ticked”.')).toBeVisible();
  await second.getByRole('button', { name: 'Add to collection' }).click();
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
  await first.getByRole('button', { name: 'Add to collection' }).click();
  await expect(item).toHaveAttribute('aria-checked', 'true');
});

/** Makes a collection from the list's "New collection" and comes back to the list. */
async function newCollectionFromList(page: Page, name: string) {
  await page.goto('/collections');
  await page.getByRole('button', { name: 'New collection' }).click();
  const dialog = page.getByRole('dialog', { name: 'New collection' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create collection' }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await page.goto('/collections');
}

test('deleting a collection says so and goes back to the list', async ({ page }) => {
  await signUpAndSignIn(page, 'dora');
  await newCollectionFromList(page, 'Doomed');
  await page.getByRole('link', { name: 'Doomed' }).click();
  await page.getByRole('button', { name: 'Delete collection' }).click();
  await expect(page.getByRole('dialog')).toContainText('Its 0 patents, notes and tags go');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toast(page, 'Collection “Doomed” deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByText("You don't have any collections yet.")).toBeVisible();
  await expect(page.locator('.toast').filter({ hasText: 'Error' })).toHaveCount(0);
});

test('a long name without spaces keeps the collection list on screen at 1280 pixels', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpAndSignIn(page, 'lena');
  const longName = 'N'.repeat(100);
  await newCollectionFromList(page, longName);
  const row = page.getByRole('row').filter({ hasText: longName });
  await expect(row.getByRole('link', { name: longName })).toBeVisible();
  for (const cell of await row.getByRole('cell').all()) {
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
