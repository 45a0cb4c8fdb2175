import type { Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { sql } from './e2e-db.js';
import { SEARCH_WAIT } from './helpers.js';

/** What the browser reads of a map (ADR 0179), from the map query's answer. */
export interface Point {
  lens_id: string;
  x: number;
  y: number;
  region: number;
  title: string;
}
export interface ResultMap {
  points: Point[];
  regions: { id: number; words: string[]; size: number; x: number; y: number }[];
  too_few: boolean;
}

/** The app's meaning job derives the corpus's vectors within a minute or two of its start. */
export async function waitForMeaning() {
  await expect
    .poll(async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM patent_vectors'))[0]!.n, {
      timeout: 240_000,
      intervals: [2_000],
    })
    .toBeGreaterThan(100);
}

/**
 * Switches to the Map view and answers the map the page asked for: a result set's
 * (`ResultSetMap`, "Show the results as") or a collection's (`CollectionMap`, "Show the
 * collection as").
 */
export async function openMap(
  page: Page,
  of: { group: string; operation: string; field: string } = {
    group: 'Show the results as',
    operation: 'ResultSetMap',
    field: 'resultSet',
  },
): Promise<ResultMap> {
  const answer = page.waitForResponse(
    (response) =>
      response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes(of.operation),
    SEARCH_WAIT,
  );
  await page.getByRole('group', { name: of.group }).getByRole('button', { name: 'Map' }).click();
  const { data } = (await (await answer).json()) as { data: Record<string, { map: ResultMap }> };
  return data[of.field]!.map;
}

export const COLLECTION_MAP = {
  group: 'Show the collection as',
  operation: 'CollectionMap',
  field: 'collection',
};

/** Where a map point is on the page (the canvas keeps a 4 % margin on each side). */
export async function pixelOf(page: Page, x: number, y: number) {
  await page.getByTestId('result-map-canvas').scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('result-map-canvas').boundingBox())!;
  return { x: box.x + (0.04 + x * 0.92) * box.width, y: box.y + (0.04 + y * 0.92) * box.height };
}

/** Draws a lasso through these corners (map units), as a user drags one in lasso mode. */
export async function drawLasso(page: Page, loop: readonly (readonly [number, number])[]) {
  await page.getByRole('button', { name: 'Draw a lasso' }).click();
  const first = await pixelOf(page, loop[0]![0], loop[0]![1]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const [x, y] of loop.slice(1)) {
    const corner = await pixelOf(page, x, y);
    await page.mouse.move(corner.x, corner.y, { steps: 3 });
  }
  await page.mouse.up();
}
