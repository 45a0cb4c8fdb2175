import { expect, test } from './fixtures.js';
import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { signUpAndSignIn, toast, uniqueEmail } from './helpers.js';

/** The paths of the first-party page views recorded for this account's user. */
async function pageViewsOf(email: string): Promise<string[]> {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    const { rows } = await database.query<{ path: string }>(
      'SELECT v.path FROM page_views v JOIN users u ON u.uid = v.user_uid WHERE u.email = $1 ORDER BY v.id',
      [email],
    );
    return rows.map((row) => row.path);
  } finally {
    await database.end();
  }
}

test('the landing page links to the features and documentation pages, which work opened directly too', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const featuresTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Explore the features' }).click();
  const features = await featuresTab;
  await expect(features).toHaveURL(/\/features$/);
  await expect(features.getByRole('heading', { name: 'What PatentScout does' })).toBeVisible();
  await expect(features.getByRole('heading', { name: 'Weekly updates' })).toBeVisible();
  await features.close();

  const docsTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Read the documentation' }).click();
  const docs = await docsTab;
  await expect(docs).toHaveURL(/\/docs$/);
  await expect(docs.getByRole('heading', { name: 'Documentation', exact: true })).toBeVisible();
  // The syntax guide is docs/search-syntax.md, rendered with its tables.
  await expect(docs.getByRole('heading', { name: 'Advanced search syntax' })).toBeVisible();
  await expect(docs.getByRole('cell', { name: 'title:(drone OR uav)' })).toBeVisible();

  await docs.reload();
  await expect(docs.getByRole('heading', { name: 'Advanced search syntax' })).toBeVisible();
  await docs.close();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Discover plan' })).toBeVisible();
  await expect(page.getByText('$29 per month')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to subscribe' })).toBeVisible();

  // The dev mailbox is a page of its own: opened directly or reloaded, it still lists the mail.
  const email = uniqueEmail('mailbox');
  await page.goto('/');
  await page.getByRole('button', { name: 'Sign in with Email' }).click();
  await page.getByRole('dialog', { name: 'Sign in with Email' }).getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click();
  await expect(toast(page, 'Sign-in link sent.')).toBeVisible();
  await page.goto('/dev/emails');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign-in links' })).toBeVisible();
  await expect(
    page.getByRole('row').filter({ hasText: email }).filter({ hasText: 'EMAIL_SIGNIN' }),
  ).toBeVisible();
});

test("the account page's pricing link and the search page's syntax guide open real pages", async ({
  page,
  context,
}) => {
  const account = await signUpAndSignIn(page, 'paula');
  await page.goto('/account');
  await page.getByRole('link', { name: 'pricing page' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('link', { name: 'Subscribe from My Account' })).toBeVisible();

  await page.goto('/home');
  await page.getByRole('tab', { name: 'Advanced Search' }).click();
  const guideTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Read the full search syntax documentation' }).click();
  const guide = await guideTab;
  await expect(guide).toHaveURL(/\/docs#search-syntax$/);
  await expect(guide.getByRole('heading', { name: 'Advanced search syntax' })).toBeInViewport();

  // Each route change was recorded first-party, with the signed-in user, batched by the browser.
  await expect
    .poll(() => pageViewsOf(account.email), { timeout: 20_000 })
    .toEqual(expect.arrayContaining(['/account', '/pricing', '/home']));
});
