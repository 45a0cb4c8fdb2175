import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { signUpAndSignIn } from './helpers.js';

/** The specification's words for the patent, university and landing pages (issue 37): §2. */

const CAUTION = 'Descriptions are based on AI. Please use with caution.';

test('International Filings Overview shows each member with its flag and its jurisdiction code as text', async ({
  page,
}) => {
  const [patent] = await sql<{ lens_id: string }>(
    'SELECT lens_id FROM patents WHERE jsonb_array_length(family_members) > 1 ORDER BY lens_id LIMIT 1',
  );
  await page.goto(`/patents/${encodeURIComponent(patent!.lens_id)}`);
  const filings = page.getByRole('region', { name: 'International Filings Overview' });
  const headers = filings.getByRole('columnheader');
  await expect(headers).toHaveText([
    'Jurisdiction',
    'Document number',
    'Kind',
    'Kind description',
    'Publication date',
  ]);
  const rows = filings.getByRole('row').filter({ has: page.getByRole('cell') });
  expect(await rows.count()).toBeGreaterThan(1);
  for (const row of await rows.all()) {
    const jurisdiction = row.getByRole('cell').first();
    await expect(jurisdiction.getByRole('img')).toHaveAttribute('alt', /\([A-Z]{2}\)$/);
    await expect(jurisdiction).toHaveText(/^[A-Z]{2}$/);
  }
});

test("the patent page's AI block always carries the caution note, also when it has no detailed information", async ({
  page,
}) => {
  const [described, undescribed] = await sql<{ lens_id: string; ai_title: string }>(
    `SELECT lens_id, ai_title FROM patents WHERE ai_title <> '' ORDER BY lens_id DESC LIMIT 2`,
  );
  await sql(`UPDATE patents SET ai_title = '' WHERE lens_id = $1`, [undescribed!.lens_id]);
  try {
    await page.goto(`/patents/${encodeURIComponent(described!.lens_id)}`);
    const ai = page.getByRole('region', { name: 'AI insights' });
    await expect(ai.getByRole('heading', { name: 'Summary' })).toBeVisible();
    await expect(ai).toContainText(CAUTION);

    await page.goto(`/patents/${encodeURIComponent(undescribed!.lens_id)}`);
    await expect(ai).toContainText(
      "There's no detailed information available for this patent that we could find.",
    );
    await expect(ai).toContainText(CAUTION);
  } finally {
    await sql(`UPDATE patents SET ai_title = $2 WHERE lens_id = $1`, [
      undescribed!.lens_id,
      undescribed!.ai_title,
    ]);
  }
});

test('university searches name the CSIRO and Harvard collections in their links', async ({ page }) => {
  await signUpAndSignIn(page, 'uma');
  await page.goto('/search/university-searches');
  const others = page.getByRole('region', { name: 'Other collections' });
  await expect(others.getByRole('link', { name: /CSIRO/ })).toBeVisible();
  await expect(others.getByRole('link', { name: /Harvard/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Six-month collections' }).getByRole('link')).toHaveText([
    /Go8/,
    /ex-Go8/,
  ]);
});

test('the landing page opens the features and documentation pages in a new tab, from addresses the server configures', async ({
  page,
  context,
}) => {
  await page.goto('/');
  for (const [name, path] of [
    ['Explore the features', '/features'],
    ['Read the documentation', '/docs'],
  ] as const) {
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', path);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  // Opening one leaves the sign-in card where it was (site-pages.spec.ts reads the pages).
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Explore the features' }).click();
  await expect(await opened).toHaveURL(/\/features$/);
  await expect(page).toHaveURL(/\/$/);

  // A deployment points them at its public site (FEATURES_URL, DOCS_URL in /app-config.json).
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    expect(config).toMatchObject({ featuresUrl: '/features', docsUrl: '/docs' });
    await route.fulfill({
      response,
      json: {
        ...config,
        featuresUrl: 'https://www.patentscout.example/features',
        docsUrl: 'https://docs.patentscout.example/',
      },
    });
  });
  await page.reload();
  await expect(page.getByRole('link', { name: 'Explore the features' })).toHaveAttribute(
    'href',
    'https://www.patentscout.example/features',
  );
  await expect(page.getByRole('link', { name: 'Read the documentation' })).toHaveAttribute(
    'href',
    'https://docs.patentscout.example/',
  );
});
