import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { answerGraphqlOperation, signUpAndSignIn, toast } from './helpers.js';

/**
 * §8's failure rows, walked with the server made to fail: each failing call answers with an error
 * that carries no message, so that the spec's own title and fallback text must show.
 */
const WITHOUT_MESSAGE = { status: 500, body: JSON.stringify({ errors: [{ message: '' }] }) };
const QUERY = 'a rechargeable lithium battery electrode with a longer life';

test('failing calls show the titles and fallback texts of the error catalogue', async ({ page }) => {
  await signUpAndSignIn(page, 'fiona');
  for (const operation of [
    'Favourites',
    'Patent',
    'AddFavourite',
    'SubscribeToSearchUpdates',
    'RequestOneShotSearch',
    'CreateCheckoutSession',
    'AiSearch',
  ])
    await answerGraphqlOperation(page, operation, WITHOUT_MESSAGE);

  // Favourites load failure: an error alert.
  await page.goto('/favourites');
  await expect(page.getByRole('alert')).toContainText('Something went wrong fetching favourites.');

  // Patent load failure: an error alert.
  const [patent] = await sql<{ lens_id: string }>('SELECT lens_id FROM patents ORDER BY lens_id LIMIT 1');
  await page.goto(`/patents/${encodeURIComponent(patent!.lens_id)}`);
  await expect(page.getByRole('alert')).toContainText('Something went wrong getting the patent.');

  // One-shot failure: an 'Error.' toast with the search's fallback.
  await page.goto('/home?tab=oneshot');
  const oneShot = page.getByRole('tabpanel', { name: 'One-shot' });
  await oneShot.getByRole('textbox').fill('autonomous drones that monitor the health of crops from the air');
  await oneShot.getByRole('button', { name: /search/i }).click();
  const oneShotFailed = toast(page, 'Something went wrong performing a search.');
  await expect(oneShotFailed).toContainText('Error.');

  // Subscribe failure: 'Can't subscribe at this time'.
  await page.goto('/account');
  await page.getByRole('button', { name: 'Subscribe to the Discover plan' }).click();
  await expect(toast(page, "Can't subscribe at this time")).toBeVisible();

  // A results address whose search fails: the results page's 'Error.' toast.
  await page.goto(`/search/results?${new URLSearchParams({ query: QUERY, type: 'ai' }).toString()}`);
  const resultsFailed = toast(page, 'Something went wrong performing a search.');
  await expect(resultsFailed).toContainText('Error.');
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('a failing favourite or weekly-updates call keeps its own toast and fallback', async ({ page }) => {
  await signUpAndSignIn(page, 'fred');
  await page.goto(`/search/results?${new URLSearchParams({ query: QUERY, type: 'ai' }).toString()}`);
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  await answerGraphqlOperation(page, 'AddFavourite', WITHOUT_MESSAGE);
  await answerGraphqlOperation(page, 'SubscribeToSearchUpdates', WITHOUT_MESSAGE);

  await card.getByRole('button', { name: /favourite/i }).click();
  await expect(toast(page, 'Something went wrong creating a favourite.')).toContainText('Error');

  await page.getByRole('button', { name: 'Get weekly updates' }).click();
  await expect(toast(page, 'Something went wrong, please try again.')).toContainText('Error.');
  await expect(page.getByRole('button', { name: 'Get weekly updates' })).toBeEnabled();
});
