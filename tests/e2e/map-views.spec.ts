import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { sql } from './e2e-db.js';
import { addFromCard, aiSearchFromHome, newCollectionFrom, SEARCH_WAIT, signUpAndSignIn } from './helpers.js';
import { COLLECTION_MAP, drawLasso, openMap, waitForMeaning, type ResultMap } from './map-helpers.js';

/**
 * The map's other places and edges (ADR 0179): a collection's members, an answer too small for a
 * map, a lasso around nothing, and a phone's width.
 */

const QUERY = 'battery electrode for storing energy in electric vehicles';
const TOO_FEW_NOTE =
  'Too few of these results have a meaning to place on a map (a map needs at least 10), so they are shown as a list.';

// Each test signs up, searches and lays out a map first: room for a busy machine's pace.
test.describe.configure({ timeout: 360_000 });

/** The map's square's table (its text alternative): a row per region, with its words and size. */
async function expectRegionsTable(page: Page, map: ResultMap) {
  const rows = page.getByTestId('map-regions-table').getByRole('row');
  await expect(rows).toHaveCount(map.regions.length + 1);
  for (const [index, region] of map.regions.entries()) {
    const cells = rows.nth(index + 1).getByRole('cell');
    await expect(cells.nth(0)).toHaveText(`Region ${region.id + 1}`);
    await expect(cells.nth(1)).toHaveText(region.words.join(', '));
    await expect(cells.nth(2)).toHaveText(String(region.size));
  }
}

/**
 * A square of the map (corners in map units) that holds no point and lies under no region label
 * (the labels are buttons over the canvas, about a quarter of its side wide, sliding inwards
 * near the sides), corners first.
 */
function emptySquare(map: ResultMap): [number, number][] | undefined {
  const half = 0.04;
  const centres: [number, number][] = [];
  for (let x = 0.05; x <= 0.95; x += 0.05) for (let y = 0.05; y <= 0.95; y += 0.05) centres.push([x, y]);
  const toCorner = ([x, y]: [number, number]) => Math.min(x, 1 - x) + Math.min(y, 1 - y);
  const free = centres
    .sort((a, b) => toCorner(a) - toCorner(b))
    .find(
      ([x, y]) =>
        map.points.every((p) => Math.abs(p.x - x) > half + 0.03 || Math.abs(p.y - y) > half + 0.03) &&
        map.regions.every((r) => Math.abs(r.x - x) > half + 0.3 || Math.abs(r.y - y) > half + 0.08),
    );
  if (!free) return undefined;
  const [x, y] = free;
  return [
    [x - half, y - half],
    [x + half, y - half],
    [x + half, y + half],
    [x - half, y + half],
  ];
}

test.describe('on a desktop', () => {
  // Tall enough for the controls and the whole canvas at once: the mouse works in the viewport.
  test.use({ viewport: { width: 1280, height: 1600 } });

  test("a collection's page draws the map of its members, its regions table readable, and its PDF carries it", async ({
    page,
  }) => {
    await waitForMeaning();
    await signUpAndSignIn(page, 'mapcollector');
    await aiSearchFromHome(page, QUERY);
    const name = `Mapped batteries ${Date.now()}`;
    await newCollectionFrom(page, page.getByRole('article').first(), name);
    for (let index = 1; index < 12; index += 1) await addFromCard(page, index, name);
    const members = `SELECT m.lens_id FROM collection_members m JOIN collections c ON c.id = m.collection_id
                      WHERE c.name = $1`;
    expect(await sql(members, [name])).toHaveLength(12);
    // The map places members with a meaning vector: wait until at least ten of them have one.
    await expect
      .poll(
        async () =>
          (await sql(`SELECT v.lens_id FROM (${members}) m JOIN patent_vectors v USING (lens_id)`, [name]))
            .length,
        { timeout: 240_000, intervals: [2_000] },
      )
      .toBeGreaterThanOrEqual(10);

    await page.goto('/collections');
    await page.getByRole('link', { name }).click();
    await expect(page.getByTestId('collection-card').first()).toBeVisible();
    const map = await openMap(page, COLLECTION_MAP);
    expect(map.too_few).toBe(false);
    expect(map.points.length).toBeGreaterThanOrEqual(10);
    const memberIds = new Set((await sql<{ lens_id: string }>(members, [name])).map((row) => row.lens_id));
    expect(map.points.every((point) => memberIds.has(point.lens_id))).toBe(true);
    await expect(page.getByTestId('result-map-canvas')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the results' })).toBeVisible();
    await expectRegionsTable(page, map);
    expect(map.regions.reduce((sum, region) => sum + region.size, 0)).toBe(map.points.length);

    // The PDF export carries the same map on its first page: its heading and each region's label.
    await page.getByRole('button', { name: /^Export \d+ patents$/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /^PDF/ }).click();
    const pdf = await (await download).path();
    const first = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', pdf, '-'], { encoding: 'utf8' });
    expect(first).toContain('Map of the results');
    expect(first).toContain(
      `${map.points.length} patents placed by meaning in ${map.regions.length} regions`,
    );
    for (const region of map.regions) {
      expect(first).toContain(`${region.words.slice(0, 2).join(' · ')} (${region.size})`);
      expect(first).toContain(`Region ${region.id + 1}: ${region.words.join(', ')} (${region.size} patents)`);
    }

    // A region's row narrows the members listed to it.
    const region = map.regions[0]!;
    await page
      .getByTestId('map-regions-table')
      .getByRole('button', { name: `Region ${region.id + 1}`, exact: true })
      .click();
    await expect(page.getByTestId('map-chip')).toContainText(
      `Map region ${region.id + 1}: ${region.words.join(', ')} (${region.size})`,
    );
    await expect(page.getByTestId('collection-card')).toHaveCount(region.size);
  });

  test('an answer of fewer than 10 families keeps its list, with the note instead of a map', async ({
    page,
  }) => {
    await waitForMeaning();
    await signUpAndSignIn(page, 'mapfew');
    // Three patents that have a meaning: the note is for their number, not for a missing vector.
    const few = await sql<{ lens_id: string }>('SELECT lens_id FROM patent_vectors ORDER BY lens_id LIMIT 3');
    const query = few.map((row) => `lens_id:${row.lens_id}`).join(' OR ');
    await page.goto(`/search/results?${new URLSearchParams({ query, type: 'boolean' }).toString()}`);
    const listed = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    await expect(listed.first()).toBeVisible(SEARCH_WAIT);
    const count = await listed.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(10);

    const map = await openMap(page);
    expect(map.too_few).toBe(true);
    await expect(page).toHaveURL(/view=map/);
    await expect(page.getByTestId('map-too-few')).toHaveText(TOO_FEW_NOTE);
    await expect(page.getByTestId('result-map-canvas')).toHaveCount(0);
    await expect(listed).toHaveCount(count);
  });

  test('a lasso drawn where there are no points says that it holds none, and Show all brings the list back', async ({
    page,
  }) => {
    await waitForMeaning();
    await signUpAndSignIn(page, 'maplasso');
    await aiSearchFromHome(page, QUERY);
    const listed = page.getByRole('region', { name: 'Search results' }).getByRole('article');
    const before = await listed.count();
    const map = await openMap(page);
    expect(map.points.length).toBeGreaterThanOrEqual(10);
    const square = emptySquare(map);
    expect(square, 'an empty square of the map away from the labels').toBeDefined();

    await drawLasso(page, square!);
    await expect(page).toHaveURL(/lasso=/);
    await expect(page.getByTestId('lasso-empty')).toHaveText(
      'The lasso holds no patents. Draw it around some points, or show all.',
    );
    await expect(page.getByTestId('map-chip')).toContainText('Map lasso: 0 patents');
    await expect(listed).toHaveCount(0);

    await page.getByRole('button', { name: 'Show all on the map' }).click();
    await expect(page).not.toHaveURL(/lasso=/);
    await expect(page.getByTestId('lasso-empty')).toHaveCount(0);
    await expect(listed).toHaveCount(before);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('at 375 px the Map view does not scroll sideways and the keyboard reaches every control', async ({
    page,
  }) => {
    await waitForMeaning();
    await signUpAndSignIn(page, 'mapphone');
    await aiSearchFromHome(page, QUERY);
    const map = await openMap(page);
    expect(map.points.length).toBeGreaterThanOrEqual(10);
    await expect(page.getByTestId('result-map-canvas')).toBeVisible();
    await expect(page.getByTestId('map-regions-table').getByRole('row')).toHaveCount(map.regions.length + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Tab from the List/Map switch through the map's controls; each focused control is on screen.
    const wanted = [
      'Colour by',
      'Draw a lasso',
      'Map of the results by meaning',
      ...map.regions.map((region) => `Region ${region.id + 1}: `),
    ];
    const reached: string[] = [];
    await page
      .getByRole('group', { name: 'Show the results as' })
      .getByRole('button', { name: 'Map' })
      .focus();
    for (
      let step = 0;
      step < wanted.length + 20 && !wanted.every((w) => reached.some((r) => r.startsWith(w)));
      step += 1
    ) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const box = element.getBoundingClientRect();
        const label = document.querySelector(`label[for="${element.id}"]`)?.textContent;
        return {
          name: element.getAttribute('aria-label') ?? label ?? element.textContent ?? '',
          left: box.left + window.scrollX,
          right: box.right + window.scrollX,
        };
      });
      reached.push(focused.name.trim());
      expect(focused.left, `${focused.name} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(focused.right, `${focused.name} ends on screen`).toBeLessThanOrEqual(375);
    }
    for (const name of wanted)
      expect(
        reached.some((r) => r.startsWith(name)),
        `Tab reaches ${name}`,
      ).toBe(true);

    // A region label works from the keyboard: Enter filters to its region.
    const region = map.regions[0]!;
    await page.getByRole('button', { name: new RegExp(`^Region ${region.id + 1}: `) }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('map-chip')).toContainText(`Map region ${region.id + 1}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
