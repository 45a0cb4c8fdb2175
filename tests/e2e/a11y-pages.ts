import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { aiSearchFromHome, signUpAndSignIn, toast } from './helpers.js';

export const QUERY = 'a battery electrode that lasts longer in electric cars';

/** The results of a search that holds withdrawn or rejected patents (the longest status badge). */
export const WITHDRAWN_RESULTS = `/search/results?${new URLSearchParams({
  query: QUERY,
  type: 'ai',
  legal_status: 'withdrawn or rejected',
}).toString()}`;

/** What a signed-in user's pages show, arranged once: a search, a favourite, a collection. */
interface Arranged {
  results: string;
  patent: string;
  collection: string;
}

/** A page of the app as the accessibility sweeps visit it (issue 59): a name for reports, its address. */
interface PageVisit<Context> {
  name: string;
  path: string | ((context: Context) => string | Promise<string>);
}

async function somePatentPath(): Promise<string> {
  const [patent] = await sql<{ lens_id: string }>(
    `SELECT lens_id FROM patents WHERE ai_title <> '' ORDER BY lens_id LIMIT 1`,
  );
  return `/patents/${encodeURIComponent(patent!.lens_id)}`;
}

/** The pages a visitor reaches signed out, the link pages in their bad-link states. */
const SIGNED_OUT_PAGES: PageVisit<void>[] = [
  { name: 'landing', path: '/' },
  { name: 'features', path: '/features' },
  { name: 'docs', path: '/docs' },
  { name: 'pricing', path: '/pricing' },
  { name: 'patent', path: somePatentPath },
  { name: 'patent without id', path: '/patents' },
  { name: 'unsubscribe', path: '/unsubscribe?token=not-a-token' },
  { name: 'invitation', path: '/collections/invitations/not-a-token' },
  { name: 'unwatch', path: '/collections/unwatch?token=not-a-token' },
  { name: 'auth action', path: '/auth/action' },
  { name: 'dev e-mails', path: '/dev/emails' },
  { name: 'not found', path: '/no-such-page' },
];

const SIGNED_IN_PAGES: PageVisit<Arranged>[] = [
  { name: 'landing signed in', path: '/' },
  { name: 'search', path: '/home' },
  { name: 'advanced search', path: '/home?tab=advanced' },
  { name: 'previous searches', path: '/home?tab=previous' },
  { name: 'one-shot search', path: '/home?tab=oneshot' },
  { name: 'results', path: (arranged) => arranged.results },
  { name: 'results with withdrawn patents', path: WITHDRAWN_RESULTS },
  { name: 'patent signed in', path: (arranged) => arranged.patent },
  { name: 'favourites', path: '/favourites' },
  { name: 'collections', path: '/collections' },
  { name: 'collection', path: (arranged) => arranged.collection },
  { name: 'university searches', path: '/search/university-searches' },
  { name: 'account', path: '/account' },
  { name: 'insights', path: '/insights' },
  { name: 'pricing signed in', path: '/pricing' },
];

/** Signs a new user in and gives them a search, a favourite and a collection holding a patent. */
async function arrangeSignedInUser(page: Page, prefix: string): Promise<Arranged> {
  await signUpAndSignIn(page, prefix);
  await aiSearchFromHome(page, QUERY);
  const results = new URL(page.url()).pathname + new URL(page.url()).search;
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Save to favourites' }).click();
  await expect(card.getByRole('button', { name: 'Remove from favourites' })).toBeVisible();
  await card.getByRole('button', { name: 'Add to collection' }).click();
  await page.getByRole('button', { name: 'New collection...' }).click();
  await page.getByRole('dialog', { name: 'New collection' }).getByLabel('Name').fill('Sweep');
  await page.getByRole('button', { name: 'Create collection' }).click();
  await expect(toast(page, 'Added to “Sweep”.')).toBeVisible();
  const patent = (await card.getByRole('heading').getByRole('link').getAttribute('href'))!;
  await page.goto('/collections');
  const collection = (await page.getByRole('link', { name: 'Sweep' }).getAttribute('href'))!;
  return { results, patent, collection };
}

/** Opens a page and waits until it has drawn what it loads (its heading or its notice, no spinner left). */
export async function openSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main :is(h1, .alert)').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.spinner-border:visible')).toHaveCount(0, { timeout: 60_000 });
  if (!path.startsWith('/search/results')) return;
  // A search run from the address comes back with its kept result set's id, and draws anew.
  await expect(page).toHaveURL(/[?&]set=/);
  await expect(page.getByRole('article').first()).toBeVisible();
}

/**
 * One test per page, signed out and then signed in (one user arranged for them all, in a window
 * of the given size): `check` opens the page and asserts what the sweep is about.
 */
export function sweepEveryPage(
  sweep: string,
  window: BrowserContextOptions['viewport'],
  check: (page: Page, path: string) => Promise<void>,
): void {
  test.describe(`${sweep}, signed out`, () => {
    test.use({ viewport: window });
    for (const visit of SIGNED_OUT_PAGES)
      test(visit.name, async ({ page }) => {
        await check(page, typeof visit.path === 'string' ? visit.path : await visit.path());
      });
  });

  test.describe(`${sweep}, signed in`, () => {
    test.describe.configure({ mode: 'serial' });
    let page: Page;
    let arranged: Arranged;
    test.beforeAll(async ({ browser }: { browser: Browser }) => {
      test.setTimeout(240_000);
      page = await (await browser.newContext({ viewport: window })).newPage();
      arranged = await arrangeSignedInUser(page, sweep.split(' ')[0]!.toLowerCase());
    });
    test.afterAll(async () => page.context().close());
    for (const visit of SIGNED_IN_PAGES)
      test(visit.name, async () => {
        await check(page, typeof visit.path === 'string' ? visit.path : await visit.path(arranged));
      });
  });
}
