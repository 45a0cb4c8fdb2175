import pg from 'pg';
import { expect, test } from './fixtures.js';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { aiSearchFromHome, signUpAndSignIn } from './helpers.js';

/** Runs SQL against the e2e database (what the allowance counts, a kept result set). */
async function query<Row extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<Row[]> {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    return (await database.query<Row>(text, values)).rows;
  } finally {
    await database.end();
  }
}

const searchesThisMonth = async (email: string) =>
  (
    await query<{ count: number }>(
      `SELECT count(*)::int AS count FROM search_events e JOIN users u ON u.uid = e.user_uid
        WHERE u.email = $1 AND e.created_at >= date_trunc('month', now())`,
      [email],
    )
  )[0]!.count;

test('reloads replay the kept results, exact counts fill in an "about N", and links ask before they search', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'replay');
  await aiSearchFromHome(page, 'a rechargeable lithium battery electrode with a longer life');
  const cards = page.getByRole('article');
  await expect(page).toHaveURL(/\/search\/results\?.*set=[0-9a-f-]{36}/);
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
  await query(
    `UPDATE search_result_sets SET total = 99999, families = 99999, estimated = true WHERE id = $1`,
    [setId],
  );
  await page.reload();
  await expect(footer).toHaveText(footerText);
  expect(
    (
      await query<{ estimated: boolean }>(`SELECT estimated FROM search_result_sets WHERE id = $1`, [setId])
    )[0],
  ).toEqual({ estimated: false });
  expect(await searchesThisMonth(account.email)).toBe(1);

  // A name on a patent's page opens its search without running it, and says what running costs.
  await cards.first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/patents\//);
  const stakeholders = page.getByRole('region', { name: 'Stakeholders' });
  await expect(stakeholders).toContainText('counts toward your monthly searches only when you run it');
  await stakeholders.getByRole('listitem').getByRole('link').first().click();
  const prompt = page.getByTestId('run-search-prompt');
  await expect(prompt).toContainText('This search has not run yet.');
  await expect(prompt).toContainText(
    'Running it uses 1 of your 20 free searches this month (1 used so far).',
  );
  await expect(cards).toHaveCount(0);
  expect(await searchesThisMonth(account.email)).toBe(1);

  await prompt.getByRole('button', { name: 'Run this search' }).click();
  await expect(cards.first()).toBeVisible();
  await expect(page).toHaveURL(/set=[0-9a-f-]{36}/);
  expect(await searchesThisMonth(account.email)).toBe(2);
  await page.reload();
  await expect(cards.first()).toBeVisible();
  expect(await searchesThisMonth(account.email)).toBe(2);
});
