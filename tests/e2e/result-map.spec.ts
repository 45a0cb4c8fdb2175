import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { aiSearchFromHome, SEARCH_WAIT, signUpAndSignIn } from './helpers.js';
import {
  drawLasso,
  openMap as openAnyMap,
  pixelOf,
  waitForMeaning,
  type Point,
  type ResultMap,
} from './map-helpers.js';

/** The map of the results (ADR 0179): drawn, explored, filtered, shared and read as a table. */

/** Switches to the Map view, waits for the canvas, and answers the map the page drew. */
async function openMap(page: Page): Promise<ResultMap> {
  const map = await openAnyMap(page);
  await expect(page.getByTestId('result-map-canvas')).toBeVisible();
  await expect(page).toHaveURL(/view=map/);
  return map;
}

// Tall enough for the explanation, the controls and the whole canvas at once: the mouse works in
// the viewport's coordinates.
test.use({ viewport: { width: 1280, height: 1600 } });

/** A point away from every region's label (the labels are buttons over the canvas). */
function clearPoint(map: ResultMap): Point {
  const far = map.points.find((candidate) =>
    map.regions.every((region) => Math.hypot(candidate.x - region.x, candidate.y - region.y) > 0.12),
  );
  return far ?? map.points[0]!;
}

test('draws the map of an AI search: region filter, a card from a point, lasso, shared link, text alternative', async ({
  page,
  browser,
}) => {
  test.setTimeout(480_000);
  await waitForMeaning();
  await signUpAndSignIn(page, 'mapper');
  await aiSearchFromHome(page, 'battery electrode for storing energy in electric vehicles');
  const map = await openMap(page);
  expect(map.points.length).toBeGreaterThanOrEqual(10);
  // The README's picture of a map.
  await page.getByTestId('result-map').screenshot({ path: 'docs/images/result-map.png' });

  // The text alternative: every region with its words and size.
  const table = page.getByTestId('map-regions-table');
  await expect(table.getByRole('row')).toHaveCount(map.regions.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(map.regions[0]!.words.join(', '));
  await expect(table.getByRole('row').nth(1)).toContainText(String(map.regions[0]!.size));

  // Hover shows a point's title; a click opens its card with Favourite and Add to collection.
  const point = clearPoint(map);
  const at = await pixelOf(page, point.x, point.y);
  await page.mouse.move(at.x, at.y);
  await expect(page.getByRole('tooltip')).toContainText(point.title);
  await page.mouse.click(at.x, at.y);
  const card = page.getByTestId('map-opened-card');
  await expect(card.getByRole('article')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to collection' })).toBeVisible();

  // A region's label filters the list to its patents, in the address and as a chip.
  const region = map.regions[1]!;
  await page.getByRole('button', { name: new RegExp(`^Region ${region.id + 1}: `) }).click();
  await expect(page).toHaveURL(new RegExp(`region=${region.id}`));
  await expect(page.getByTestId('map-chip')).toContainText(
    `Map region ${region.id + 1}: ${region.words.join(', ')}`,
  );
  const inRegion = map.points.filter((p) => p.region === region.id);
  const listed = page.getByRole('region', { name: 'Search results' }).getByRole('article');
  await expect(listed.first()).toBeVisible();
  expect(await listed.count()).toBeLessThanOrEqual(Math.min(20, region.size));

  // The address is shareable: another user opening it sees the same region and chip.
  const shared = page.url();
  const other = await browser.newPage();
  await signUpAndSignIn(other, 'mapreader');
  await other.goto(shared);
  await expect(other.getByTestId('map-chip')).toContainText(`Map region ${region.id + 1}`);
  await expect(other.getByTestId('map-regions-table').getByRole('row')).toHaveCount(map.regions.length + 1);
  await expect(other.getByRole('region', { name: 'Search results' }).getByRole('article')).toHaveCount(
    await listed.count(),
  );
  await other.close();
  expect(inRegion).toHaveLength(region.size);

  // A lasso around one point filters the list to what it holds.
  await page.getByRole('button', { name: 'Remove the map filter' }).click();
  await expect(page).not.toHaveURL(/region=/);
  const target = point;
  const d = 0.03;
  await drawLasso(page, [
    [target.x - d, target.y - d],
    [target.x + d, target.y - d],
    [target.x + d, target.y + d],
    [target.x - d, target.y + d],
  ]);
  await expect(page).toHaveURL(/lasso=/);
  await expect(page.getByTestId('map-chip')).toContainText('Map lasso:');
  await expect(
    page
      .getByRole('region', { name: 'Search results' })
      .getByRole('article')
      .filter({ hasText: target.title })
      .first(),
  ).toBeVisible();

  // Keyboard: the canvas takes focus and steps through the points, announcing each.
  await page.getByTestId('result-map-canvas').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#result-map-stepped')).toContainText('Region 1:');
});

test('draws the map of an advanced search, the same map on reload', async ({ page }) => {
  test.setTimeout(300_000);
  await waitForMeaning();
  await signUpAndSignIn(page, 'mapadvanced');
  await page.goto('/search/results?query=battery%20OR%20vehicle%20OR%20sensor&type=boolean');
  await expect(page.getByRole('article').first()).toBeVisible(SEARCH_WAIT);
  const map = await openMap(page);
  expect(map.points.length).toBeGreaterThanOrEqual(10);
  await expect(page.getByTestId('map-regions-table').getByRole('row')).toHaveCount(map.regions.length + 1);
  const again = await (async () => {
    const answer = page.waitForResponse((response) =>
      (response.request().postData() ?? '').includes('ResultSetMap'),
    );
    await page.reload();
    return ((await (await answer).json()) as { data: { resultSet: { map: ResultMap } } }).data.resultSet.map;
  })();
  expect(again).toEqual(map);
});
