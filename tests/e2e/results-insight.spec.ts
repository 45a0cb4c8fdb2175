import { expect, test } from './fixtures.js';
import { searchesThisMonth } from './e2e-db.js';
import { aiSearchFromHome, signUpAndSignIn } from './helpers.js';

test('results that explain themselves: matched passages, "Why it matched" and a chart strip that filters', async ({
  page,
}) => {
  const account = await signUpAndSignIn(page, 'insight');
  const highlightRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/graphql') && request.postData()?.includes('MatchHighlights'))
      highlightRequests.push(request.postData() ?? '');
  });
  await aiSearchFromHome(page, 'a rechargeable lithium battery electrode with a longer life');
  expect(await searchesThisMonth(account.email)).toBe(1);

  // The cards' matched passages come after the results, with the search's words marked.
  const firstMatch = page.getByTestId('result-match').first();
  await expect(firstMatch).toContainText('Matched:');
  await expect(firstMatch.locator('mark').first()).toBeVisible();
  // One request for the page of cards on screen.
  expect(highlightRequests).toHaveLength(1);

  // The patent reached from a card shows why it matched.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByTestId('result-match') })
    .first();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/patents\/[^?]+\?q=/);
  const why = page.getByRole('region', { name: 'Why it matched' });
  await expect(why.locator('mark').first()).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article').first()).toBeVisible();

  // The chart strip over the loaded results: a country filters the cards, and can be removed.
  const strip = page.getByRole('region', { name: /Results at a glance/ });
  await expect(strip.getByRole('figure', { name: 'Publications per year' })).toBeVisible();
  const countries = strip.getByRole('list', { name: 'Top countries' }).getByRole('button');
  const countryButtons = await countries.count();
  // The least frequent of the top countries, so that the filter visibly narrows the cards.
  const country = countries.nth(countryButtons - 1);
  const label = (await country.getAttribute('aria-label'))!;
  const [, name, count] = /^(.+): (\d+) results?$/.exec(label)!;
  await country.click();
  await expect(country).toHaveAttribute('aria-pressed', 'true');
  await expect(strip.getByRole('group', { name: 'Chart filters' })).toContainText(name!);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(Math.min(Number(count), 20));
  // Each card's first flag is its own office; those after it are its family members'.
  for (const card of await cards.all())
    await expect(card.locator('img.country-flag').first()).toHaveAttribute(
      'alt',
      new RegExp(`^${name!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `),
    );
  await strip.getByRole('button', { name: `Remove the ${name} filter` }).click();
  await expect(strip.getByRole('group', { name: 'Chart filters' })).toBeHidden();

  // The top owners come lazily (the result items carry none); one narrows the cards too.
  const owner = strip.getByRole('list', { name: 'Top owners' }).getByRole('button').first();
  const [, ownerName, ownerCount] = /^(.+): (\d+) results?$/.exec((await owner.getAttribute('aria-label'))!)!;
  await owner.click();
  await expect(strip.getByRole('group', { name: 'Chart filters' })).toContainText(ownerName!);
  await expect(cards).toHaveCount(Math.min(Number(ownerCount), 20));
  await strip.getByRole('button', { name: `Remove the ${ownerName} filter` }).click();

  // Highlights are not searches: the month's count is still the one search.
  expect(highlightRequests.length).toBeGreaterThanOrEqual(3);
  expect(await searchesThisMonth(account.email)).toBe(1);
});
