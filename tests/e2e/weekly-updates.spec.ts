import { expect, test } from './fixtures.js';
import pg from 'pg';
import { E2E_DATABASE_URL } from './e2e-env.js';
import { signUpAndSignIn, toast } from './helpers.js';

/** Marks the patents of a topic as indexed during the last complete week (it ended last Sunday). */
async function indexedLastWeek(titleWord: string) {
  const database = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await database.connect();
  try {
    await database.query(
      `UPDATE patents SET indexed_at = date_trunc('day', now()) - make_interval(days => extract(dow FROM now())::int + 2)
       WHERE title ILIKE $1`,
      [`%${titleWord}%`],
    );
  } finally {
    await database.end();
  }
}

test('a user follows a search, gets the weekly digest in the mailbox, and unsubscribes', async ({ page }) => {
  const account = await signUpAndSignIn(page, 'wes');

  await page.goto('/home');
  const aiTab = page.getByRole('tabpanel', { name: 'AI Search' });
  await aiTab
    .getByRole('textbox', { name: 'Describe what you are looking for' })
    .fill('a battery electrode that lasts longer in electric cars');
  await aiTab.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(/^Showing \(20 of \d+\) results\./)).toBeVisible();

  await page.getByRole('button', { name: 'Get weekly updates' }).click();
  await expect(page.getByRole('button', { name: 'Subscribed!' })).toBeDisabled();
  await expect(toast(page, "We'll keep you up to date weekly on results of this search.")).toBeVisible();

  await indexedLastWeek('batter');
  await page.goto('/dev/emails');
  await page.getByRole('button', { name: "Send this week's digests now" }).click();
  await expect(toast(page, 'Weekly digests sent.')).toBeVisible();
  const digest = page
    .getByRole('listbox', { name: 'Messages' })
    .or(page.getByLabel('Messages'))
    .getByText(/new patents for your searches/)
    .first();
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(digest).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await digest.click();
  const message = page.getByRole('article', { name: /new patents for your searches/ });
  await expect(message.getByText(account.email)).toBeVisible();
  const html = page.frameLocator('iframe[title="HTML part"]');
  await expect(html.getByText('New this week for your searches')).toBeVisible();
  const firstPatent = html.locator('a[href*="/patents/"]').first();
  const patentLink = await firstPatent.getAttribute('href');
  expect(patentLink).toMatch(/^http:\/\/localhost:\d+\/patents\//);
  const unsubscribeLink = await html
    .getByRole('link', { name: 'Stop updates for this search' })
    .getAttribute('href');

  // The account page lists the followed search with its last update.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Weekly updates' });
  await expect(section.getByText('a battery electrode that lasts longer in electric cars')).toBeVisible();
  await expect(section.getByText(/last update/)).toBeVisible();

  // The digest's link works without the app's own session, and asks before it acts.
  await page.goto(new URL(unsubscribeLink!).pathname + new URL(unsubscribeLink!).search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    page.getByText("You're unsubscribed. You won't get these weekly updates any more."),
  ).toBeVisible();
  await page.goto('/account');
  await expect(
    page
      .getByRole('region', { name: 'Weekly updates' })
      .getByText("You don't follow any search yet.", { exact: false }),
  ).toBeVisible();
});
