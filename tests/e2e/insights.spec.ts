import type { Locator } from '@playwright/test';
import pg from 'pg';
import { makeAnalyst } from './analyst.js';
import { expect, test } from './fixtures.js';
import { E2E, E2E_DATABASE_URL } from './e2e-env.js';
import { signUpAndSignIn } from './helpers.js';

/** A few searches of the user's today, so that the search charts have columns. */
async function recordSearches(email: string) {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    await database.query(
      `INSERT INTO search_events (user_uid, kind, query, request, result_count, created_at)
       SELECT uid, CASE WHEN n % 2 = 0 THEN 'ai' ELSE 'boolean' END, 'solar panel cleaning robot',
              '{"query": "solar panel cleaning robot", "jurisdiction": ["US"]}', 3, now()
         FROM users, generate_series(1, 5) AS n WHERE email = $1`,
      [email],
    );
  } finally {
    await database.end();
  }
}

/** Bars drawn in a chart: recharts draws each bar as a path in the chart's svg. */
const bars = (scope: Locator) => scope.locator('svg .recharts-bar-rectangle path');

test('an analyst opens the insights page, sees the charts and sizes a landscape; the key reads the API', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'analyst');
  await recordSearches(account.email);
  const key = await makeAnalyst(account.email);

  await page.reload();
  await page.getByRole('button', { name: 'Navigate' }).click();
  await page.getByRole('link', { name: 'Insights' }).click();
  await expect(page).toHaveURL(/\/insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const searches = page.getByRole('region', { name: 'Searches' });
  await expect(bars(searches.getByRole('figure', { name: 'Searches by kind' })).first()).toBeVisible();
  await expect(bars(searches.getByRole('figure', { name: 'Most frequent queries' })).first()).toBeVisible();
  const corpus = page.getByRole('region', { name: 'Corpus' });
  await expect(
    bars(corpus.getByRole('figure', { name: 'Patents by publication year' })).first(),
  ).toBeVisible();
  expect(
    await bars(corpus.getByRole('figure', { name: 'Patents by publication year' })).count(),
  ).toBeGreaterThan(5);

  const landscape = page.getByRole('region', { name: 'Landscape' });
  await landscape.getByLabel('Query').fill('a robot that cleans solar panels on a roof');
  await landscape.getByRole('button', { name: 'Size it' }).click();
  const result = landscape.getByTestId('landscape-result');
  await expect(
    result.getByText(/matches\. Figures over (all|top) \d+ (matches|simple families)\./),
  ).toBeVisible();
  await expect(bars(result.getByRole('figure', { name: 'Top owners' })).first()).toBeVisible();
  await expect(bars(result.getByRole('figure', { name: 'Publications per year' })).first()).toBeVisible();

  // Opened directly (a bookmark), the page waits for the account rather than refusing.
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 2, name: 'Corpus' })).toBeVisible();

  // The same figures through the API with the key, as an analyst's script would read them.
  const today = new Date().toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const response = await fetch(`${E2E.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      query: `{ analytics(range: { from: "${today}", to: "${tomorrow}" }) { searches } }`,
    }),
  });
  const body = (await response.json()) as { data: { analytics: { searches: number } } };
  expect(body.data.analytics.searches).toBeGreaterThanOrEqual(5);
});

test('a user who is not an analyst has no link to the insights page and is refused there', async ({
  page,
}) => {
  await signUpAndSignIn(page, 'plainuser');
  await page.getByRole('button', { name: 'Navigate' }).click();
  await expect(page.getByRole('link', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Insights' })).toHaveCount(0);
  await page.goto('/insights');
  await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  await expect(page.getByText("The insights page is for PatentScout's analysts.")).toBeVisible();
});
