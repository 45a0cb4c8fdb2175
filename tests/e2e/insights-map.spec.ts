import { makeAnalyst } from './analyst.js';
import { sql } from './e2e-db.js';
import { expect, test } from './fixtures.js';
import { SEARCH_WAIT, signUpAndSignIn } from './helpers.js';

/** The landscape on the insights page drawn as a map (issue 57, ADR 0179), as the results are. */

interface LandscapeMap {
  points: { lens_id: string; title: string; region: number }[];
  regions: { id: number; words: string[]; size: number }[];
}

test('an analyst sizes a landscape and reads it as a map: drawn canvas, region table, a region narrows it', async ({
  page,
}) => {
  test.setTimeout(480_000);
  // The app's meaning job derives the corpus's vectors within a minute or two of its start.
  await expect
    .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM patent_vectors'))[0]!.n, {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(100);
  const account = await signUpAndSignIn(page, 'mapanalyst');
  await makeAnalyst(account.email);
  await page.goto('/insights');

  const landscape = page.getByRole('region', { name: 'Landscape' });
  await landscape.getByLabel('Query').fill('battery electrode for storing energy in electric vehicles');
  await landscape.getByRole('button', { name: 'Size it' }).click();
  const result = landscape.getByTestId('landscape-result');
  await expect(result.getByRole('figure', { name: 'Top owners' })).toBeVisible(SEARCH_WAIT);

  const views = result.getByRole('group', { name: 'Show the landscape as' });
  await expect(views.getByRole('button', { name: 'Charts' })).toHaveAttribute('aria-pressed', 'true');
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('LandscapeMap'),
    { timeout: 180_000 },
  );
  // From the keyboard, as the switch must be reachable without a mouse.
  await views.getByRole('button', { name: 'Map' }).focus();
  await page.keyboard.press('Enter');
  const { data } = (await (await answer).json()) as { data: { landscape: { map: LandscapeMap } } };
  const map = data.landscape.map;
  expect(map.points.length).toBeGreaterThanOrEqual(10);
  await expect(views.getByRole('button', { name: 'Map' })).toHaveAttribute('aria-pressed', 'true');
  await expect(result.getByRole('figure', { name: 'Top owners' })).toHaveCount(0);

  // The canvas is drawn: sized, and its pixels hold the points' colours (not a blank canvas).
  const canvas = result.getByTestId('result-map-canvas');
  await expect(canvas).toHaveAttribute('width', /^[1-9]\d*$/);
  const painted = await canvas.evaluate((element: HTMLCanvasElement) => {
    const pixels = element.getContext('2d')!.getImageData(0, 0, element.width, element.height).data;
    let opaque = 0;
    for (let index = 3; index < pixels.length; index += 4) if (pixels[index]! > 200) opaque += 1;
    return opaque;
  });
  expect(painted).toBeGreaterThan(map.points.length * 10);

  // The text alternative: every region with its words and size.
  const table = result.getByTestId('map-regions-table');
  await expect(table.getByRole('row')).toHaveCount(map.regions.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(map.regions[0]!.words.join(', '));

  // A region's label selects its patents: a chip, and the patents it holds listed under the map.
  const region = map.regions[0]!;
  await result.getByRole('button', { name: new RegExp(`^Region ${region.id + 1}: `) }).click();
  await expect(result.getByTestId('map-chip')).toContainText(
    `Map region ${region.id + 1}: ${region.words.join(', ')} (${region.size})`,
  );
  const selection = result.getByRole('region', { name: 'Patents in the selection' });
  await expect(selection.getByRole('listitem')).toHaveCount(region.size);
  const first = map.points.find((point) => point.region === region.id)!;
  // By its address: demo patents share titles, and a long title is shortened on screen.
  const link = selection.locator(`a[href="/patents/${encodeURIComponent(first.lens_id)}"]`);
  await expect(link).toHaveCount(1);
  await expect(link).toContainText(first.title.slice(0, 20));
  await result.getByRole('button', { name: 'Remove the map filter' }).click();
  await expect(result.getByTestId('map-chip')).toHaveCount(0);

  // Back to the charts, and the landscape's figures are there again.
  await views.getByRole('button', { name: 'Charts' }).click();
  await expect(result.getByRole('figure', { name: 'Top owners' })).toBeVisible();
});
