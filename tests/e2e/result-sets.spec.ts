import { expect, test } from './fixtures.js';
import { searchesThisMonth, sql } from './e2e-db.js';
import { aiSearchFromHome, SEARCH_WAIT, signUpAndSignIn } from './helpers.js';

test('reloads replay the kept results, exact counts fill in an "about N", and a name link runs its search', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'replay');
  await aiSearchFromHome(page, 'a rechargeable lithium battery electrode with a longer life');
  const cards = page.getByRole('article');
  await expect(page).toHaveURL(/\/search\/results\?.*set=[0-9a-f-]{36}/, SEARCH_WAIT);
  const firstTitle = await cards.first().getByRole('heading').textContent();
  const footer = page.getByText(/^Showing \(\d+ of \d+\) results\./);
  const footerText = (await footer.textContent())!;
  expect(await searchesThisMonth(account.email)).toBe(1);

  // A reload replays the kept answer: the same cards and counts, and no search is counted.
  await page.reload();
  await expect(cards.first().getByRole('heading')).toHaveText(firstTitle!);
  await expect(footer).toHaveText(footerText);
  expect(await searchesThisMonth(account.email)).toBe(1);

  // An answer that had to estimate says "about N", then fills in the exact count when it arrives.
  const setId = /set=([0-9a-f-]{36})/.exec(page.url())![1]!;
  await sql(`UPDATE search_result_sets SET total = 99999, families = 99999, estimated = true WHERE id = $1`, [
    setId,
  ]);
  await page.reload();
  await expect(footer).toHaveText(footerText);
  expect(
    (await sql<{ estimated: boolean }>(`SELECT estimated FROM search_result_sets WHERE id = $1`, [setId]))[0],
  ).toEqual({ estimated: false });
  expect(await searchesThisMonth(account.email)).toBe(1);

  // A name on a patent's page runs its search from the address (§2 Results), counted once.
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/patents\//);
  const stakeholders = page.getByRole('region', { name: 'Stakeholders' });
  await expect(stakeholders).toContainText('A name runs a search of its patents');
  await stakeholders.getByRole('listitem').getByRole('link').first().click();
  await expect(cards.first()).toBeVisible();
  await expect(page).toHaveURL(/set=[0-9a-f-]{36}/);
  expect(await searchesThisMonth(account.email)).toBe(2);
  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await searchesThisMonth(account.email)).toBe(2);
});
