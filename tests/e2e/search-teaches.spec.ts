import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Download, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { expect, test } from './fixtures.js';
import { SEARCH_WAIT, signUpAndSignIn, toast } from './helpers.js';

/** axe-core finds no serious or critical violation on the page as it stands. */
async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `serious accessibility violations on ${what}`).toEqual([]);
}

async function exportAs(page: Page, item: RegExp): Promise<Download> {
  await page.getByRole('button', { name: /^Export \d+ results$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: item })).toBeVisible();
  // The menu's items are reached with the arrow keys.
  for (let step = 0; step < 3; step += 1) {
    if (
      await page.getByRole('button', { name: item }).evaluate((element) => element === document.activeElement)
    )
      break;
    await page.keyboard.press('ArrowDown');
  }
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  return download;
}

test('search teaches itself: explained AI search, live reading, exports and keyboard triage, keyboard only', async ({
  page,
}) => {
  // A whole journey (searches, three exports, the patent page, the advanced box): about a minute
  // on a quiet machine, so more than the default 90 s when the cores are shared.
  test.slow();
  await signUpAndSignIn(page, 'keyboard');
  await page.goto('/home');

  // An AI search, typed and sent with the keyboard.
  const aiBox = page.getByRole('textbox', { name: 'Describe what you are looking for' });
  await aiBox.focus();
  await page.keyboard.type('a rechargeable lithium battery electrode with a longer life');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\/results\?/, SEARCH_WAIT);

  // It explains how it understood the text, and offers the same search as an advanced query.
  const explanation = page.getByRole('region', { name: 'How this search was understood' });
  await expect(explanation.getByRole('list', { name: 'Words searched' })).toContainText('lithium');
  await expect(explanation).toContainText('Left out as too common:');
  const explained = (await explanation.getByTestId('explained-query').innerText()).trim();
  expect(explained).toMatch(/ OR /);
  await expectNoSeriousA11yViolations(page, 'the results page');

  // Keyboard triage: j selects and announces the first card, f saves it, ? lists the shortcuts.
  await page.locator('body').press('j');
  const firstCard = page.getByRole('article').first();
  await expect(firstCard).toBeFocused();
  await expect(page.getByTestId('results-announcer')).toHaveText(/^Result 1 of \d+: .+/);
  await page.keyboard.press('j');
  await expect(page.getByRole('article').nth(1)).toBeFocused();
  await expect(page.getByTestId('results-announcer')).toHaveText(/^Result 2 of \d+: /);
  await page.keyboard.press('k');
  await expect(firstCard).toBeFocused();
  await page.keyboard.press('f');
  await expect(toast(page, 'Patent saved to favourites.')).toBeVisible();
  await expect(firstCard.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await page.keyboard.press('?');
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(shortcuts).toContainText('Next result');
  await expectNoSeriousA11yViolations(page, 'the shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  // Exports of the results as shown: CSV, RIS and PDF, named after the query and the day.
  const day = new Date().toISOString().slice(0, 10);
  const csv = await exportAs(page, /^CSV/);
  expect(csv.suggestedFilename()).toBe(
    `PatentScout-a-rechargeable-lithium-battery-electrode-with-a-longer-life-${day}.csv`,
  );
  const rows = Papa.parse<Record<string, string>>(
    readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, ''),
    {
      header: true,
      skipEmptyLines: true,
    },
  );
  expect(rows.data.length).toBeGreaterThan(20);
  expect(rows.data[0]!['Patent page']).toMatch(/\/patents\//);
  const ris = await exportAs(page, /^RIS/);
  expect(ris.suggestedFilename()).toMatch(/\.ris$/);
  expect(readFileSync(await ris.path(), 'utf8')).toMatch(/^TY {2}- PAT\r\n/);
  const pdf = await exportAs(page, /^PDF/);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync(await pdf.path()).toString('latin1', 0, 5)).toBe('%PDF-');

  // o opens the selected card; back on the results, / goes to the search box, focused.
  await firstCard.focus();
  await page.keyboard.press('o');
  await expect(page).toHaveURL(/\/patents\/[^/]+$/);
  await page.goBack();
  await expect(page.getByRole('article').first()).toBeVisible();
  // The cards are drawn a moment before the page's key listener is attached (an effect after
  // the paint): a key pressed in between is a key no one heard, so the press is tried again
  // (only while still on the results: on the search page, a "/" would be typed into the box).
  await expect(async () => {
    if (new URL(page.url()).pathname === '/search/results') await page.locator('body').press('/');
    await expect(page).toHaveURL(/\/home\?query=/, { timeout: 1_000 });
  }).toPass();
  await expect(page.getByRole('textbox', { name: 'Describe what you are looking for' })).toBeFocused();

  // "Edit as advanced search" opens the Advanced tab with the explained query, read back in English.
  await page.goBack();
  await page.getByRole('link', { name: 'Edit as advanced search' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=advanced/);
  const advancedBox = page.getByRole('combobox', { name: 'Advanced search query' });
  await expect(advancedBox).toHaveValue(explained);
  await expect(page.getByTestId('query-reading')).toContainText('Patents mentioning');
  await expectNoSeriousA11yViolations(page, 'the search page');
  await advancedBox.focus();
  await page.keyboard.press('End');
  await page.keyboard.type(' AND kind:B');
  await expect(page.getByRole('option', { name: /B\*\s*Granted patent/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the search page with suggestions open');

  // A query the server would refuse shows its error, underlined, and is never sent.
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && /booleanSearch/.test(request.postData() ?? '')) sent += 1;
  });
  await advancedBox.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('title:(solar AND panel');
  await expect(page.getByTestId('query-reading')).toContainText('Query error at character 23');
  await expect(page.getByTestId('query-error-mark')).toBeAttached();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'This query cannot be searched.' })).toBeVisible();
  expect(sent).toBe(0);

  // A query past the budget shows the server's refusal, word for word, and is not sent either.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('"solar panel mount"~50 OR "wind turbine"~10');
  await expect(page.getByTestId('query-reading')).toContainText(
    'Query error at character 27: proximity phrases may compare at most 100 word distances',
  );
  await page.keyboard.press('Enter');
  expect(sent).toBe(0);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('title:(solar AND panel');

  // Fixed, it reads back in plain English and runs.
  await page.keyboard.type(') AND date_published:[2015 TO 2020] AND jurisdiction:austral');
  // Suggestions: a combobox of the reference data's countries, chosen with the arrow keys.
  await expect(advancedBox).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('option', { name: /AU\s*Australia/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(advancedBox).toHaveValue(
    'title:(solar AND panel) AND date_published:[2015 TO 2020] AND jurisdiction:AU',
  );
  await expect(page.getByTestId('query-reading')).toContainText(
    'Patents whose title has solar and panel, published 2015 to 2020, from Australia',
  );
  await page.keyboard.press('Enter');
  await expect.poll(() => sent).toBe(1);
});
