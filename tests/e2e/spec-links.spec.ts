import { expect, test } from './fixtures.js';
import { searchesThisMonth, useUpFreeSearches } from './e2e-db.js';
import { E2E } from './e2e-env.js';
import { SEARCH_WAIT, signUpAndSignIn } from './helpers.js';

/** The specification's words for links and the waiting list (issue 34): §2 Results and Search page, §4, §7. */

const QUERY = 'a rechargeable lithium battery electrode with a longer life';

test('a results address without a kept set runs its search; the same search again within a day replays', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'bookmark');
  const address = `/search/results?${new URLSearchParams({ query: QUERY, type: 'ai' }).toString()}`;
  const cards = page.getByRole('article');

  // A bookmark, a reload without a set, an e-mail's link: the search runs from the parameters.
  await page.goto(address);
  await expect(page.getByRole('heading', { name: `Search "${QUERY}"` })).toBeVisible();
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText('This search has not run yet.')).toHaveCount(0);
  // The kept answer's id joins the address, so that a reload replays it.
  await expect(page).toHaveURL(/[?&]set=[0-9a-f-]{36}/);
  expect(await searchesThisMonth(account.email)).toBe(1);
  await expect(page.getByText("This month, you've done 1 searches.")).toBeVisible();

  // The same address again the same day replays that answer: no second search is counted.
  await page.goto(address);
  await expect(cards.first()).toBeVisible();
  await expect(page).toHaveURL(/[?&]set=[0-9a-f-]{36}/);
  expect(await searchesThisMonth(account.email)).toBe(1);

  // A university link is such an address too: it opens its results, counted as a search.
  await page.goto('/search/university-searches');
  await page.getByRole('link', { name: 'CSIRO' }).click();
  await expect(page).toHaveURL(/\/search\/results\?/, SEARCH_WAIT);
  await expect(page.getByText('This search has advanced configuration.')).toBeVisible();
  await expect(page.getByText('This search has not run yet.')).toHaveCount(0);
  await expect.poll(() => searchesThisMonth(account.email)).toBe(2);
});

test('trending topics are links, visibly and programmatically disabled for a limited account', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'tina');
  await page.goto('/home');
  const trending = page.getByRole('complementary', { name: 'Trending searches' });
  const topics = trending.getByRole('link');
  await expect(topics).toHaveCount(14);
  for (const topic of await topics.all()) await expect(topic).toBeEnabled();

  await useUpFreeSearches(account.email);
  await page.reload();
  await expect(page.getByText("It looks like you're enjoying PatentScout!")).toBeVisible();
  await expect(topics).toHaveCount(14);
  for (const topic of await topics.all()) {
    await expect(topic).toBeDisabled();
    await expect(topic).toHaveAttribute('aria-disabled', 'true');
    await expect(topic).not.toHaveAttribute('href');
    // Not an action the keyboard reaches: it cannot take focus.
    expect(
      await topic.evaluate((element) => {
        (element as HTMLElement).focus();
        return document.activeElement === element;
      }),
    ).toBe(false);
  }
  await topics.first().click({ force: true });
  await expect(page).toHaveURL(/\/home$/);
});

test('the waiting list posts the form fields, form-encoded, to the form service, whose stand-in keeps them', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'wendy');
  const formService = `http://127.0.0.1:${E2E.formServicePort}`;
  await page.goto('/home?tab=previous');
  const panel = page.getByRole('tabpanel', { name: 'Previous Searches' });
  const posted = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().startsWith(formService),
  );
  await panel.getByRole('button', { name: 'Join the waiting list' }).click();
  const request = await posted;
  expect(request.headers()['content-type']).toContain('application/x-www-form-urlencoded');
  expect(Object.fromEntries(new URLSearchParams(request.postData() ?? ''))).toEqual({
    firstName: 'Wendy',
    email: account.email,
    mailingLists: 'previous-searches',
  });
  await expect(panel.getByRole('button', { name: "Thanks! We'll be in touch." })).toBeDisabled();

  const entries = (await (await fetch(`${formService}/entries`)).json()) as unknown[];
  expect(entries).toContainEqual(
    expect.objectContaining({ firstName: 'Wendy', email: account.email, mailingLists: 'previous-searches' }),
  );
});
