import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { aiSearchFromHome, signUpAndSignIn } from './helpers.js';
import { waitForMeaning } from './meaning-wait.js';

test('AI search finds by meaning, says so, a patent page lists similar patents, and a card runs More like this', async ({
  page,
}) => {
  test.setTimeout(360_000);
  await waitForMeaning();
  // The server reads the vectors into memory once they exist: similar patents then appear.
  const anyPatent = (await sql<{ lens_id: string }>('SELECT lens_id FROM patent_vectors LIMIT 1'))[0]!
    .lens_id;
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/v1/patents/${anyPatent}/similar`)).json()) as {
            data: unknown[];
          }
        ).data.length,
      {
        timeout: 60_000,
        message: "the server's meaning index is loaded",
      },
    )
    .toBeGreaterThan(0);
  await signUpAndSignIn(page, 'meaning');

  // Everyday words that the generated patents' drafters never use.
  await aiSearchFromHome(page, 'a contraption that stops burglars sneaking into homes by recognising faces');
  const explanation = page.getByRole('region', { name: 'How this search was understood' });
  await expect(explanation.getByTestId('also-searched')).toContainText('Also searched for:');
  await expect(explanation.getByTestId('also-searched')).toContainText('->');
  await expect(explanation).toContainText('Patents close in meaning are found too');
  const byMeaning = page.getByTestId('found-by-meaning').first();
  await expect(byMeaning).toHaveText('found by meaning: no shared words');

  // The card found by meaning opens its patent page, which lists ten similar patents with why.
  const card = page
    .getByRole('article')
    .filter({ has: page.getByTestId('found-by-meaning') })
    .first();
  const cardTitle = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/patents\//);
  const similar = page.getByRole('region', { name: 'Similar patents' });
  await expect(similar.getByTestId('similar-patent')).toHaveCount(10, { timeout: 30_000 });
  await expect(similar.getByTestId('similar-reasons').first()).toContainText('close in meaning');
  const ownId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const listed = await similar
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(listed).not.toContain(`/patents/${encodeURIComponent(ownId)}`);
  expect(new Set(listed).size).toBe(listed.length);

  // A similar patent opens like any other.
  await similar.getByRole('link').first().click();
  await expect(page.getByRole('region', { name: 'Similar patents' })).toBeVisible();

  // Back on the results, "More like this" runs a new AI search from the card's own text, its title
  // said once; the patent and its family are left out of the new answer.
  await page.goBack();
  await page.goBack();
  const again = page.getByRole('article').filter({ hasText: cardTitle }).first();
  const againPath = (await again.getByRole('heading').getByRole('link').getAttribute('href'))!.split('?')[0]!;
  await again.getByTestId('more-like-this').click();
  // The new answer has come once the address names its kept result set beside the patent.
  await expect(page).toHaveURL(/\/search\/results\?.*type=ai.*&set=[^&]+&like=/, { timeout: 60_000 });
  const asked = new URL(page.url()).searchParams.get('query')!.toLowerCase();
  expect(asked.split(cardTitle.toLowerCase())).toHaveLength(2);
  await expect(page.getByRole('article').first()).toBeVisible();
  const listedNow = await page
    .getByRole('article')
    .getByRole('heading')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!.split('?')[0]));
  expect(listedNow.length).toBeGreaterThan(0);
  expect(listedNow).not.toContain(againPath);
});
