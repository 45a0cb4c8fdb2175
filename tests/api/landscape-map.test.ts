import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall } from './collections-kit.js';
import { graphql } from './http.js';
import { mapPatents, startMapApp, unplacedPatent } from './map-kit.js';

/** The analysts' landscape drawn as a map (issue 57): `landscape(input) { map(first:) }`. */
let app: TestApp;
let analyst: EmulatorUser;
let key: string;
const patents = mapPatents;
const unplaced = unplacedPatent;

beforeAll(async () => {
  app = await startMapApp();
  analyst = await createPaidUser(app.database.db, 'Ana');
  key = (await app.services.analytics.keys.create({ email: analyst.email, label: 'test' })).key;
}, 120_000);
afterAll(() => app.close());

const MAP_FIELDS = `
  points { lens_id x y region }
  regions { id words size x y }
  not_placed { lens_id }
  too_few`;
const LANDSCAPE_MAP = `
  query ($input: LandscapeInput!, $first: Int) {
    landscape(input: $input) { counted map(first: $first) { ${MAP_FIELDS} } }
  }`;
const SEARCH = { kind: 'ADVANCED', query: 'device' };

describe('landscape(input) { map }', () => {
  it("places the landscape's matches in labelled regions, the map the same search's results draw", async () => {
    const { data, errors } = await graphql(app.baseUrl, LANDSCAPE_MAP, { input: SEARCH }, key);
    expect(errors).toBeUndefined();
    const map = data.landscape.map;
    expect(data.landscape.counted).toBe(30);
    expect(map.too_few).toBe(false);
    expect(map.points).toHaveLength(29);
    expect(map.not_placed).toEqual([{ lens_id: unplaced.lens_id }]);
    expect(map.regions.length).toBeGreaterThanOrEqual(5);
    expect(map.regions.length).toBeLessThanOrEqual(12);
    expect(map.regions.reduce((sum: number, region: { size: number }) => sum + region.size, 0)).toBe(29);
    for (const region of map.regions) expect(region.words).not.toContain('device');

    // The analyst's own search of the same query: its result set's map is the same kept map.
    const searched = await graphql(
      app.baseUrl,
      `
        mutation ($input: SearchInput!) {
          booleanSearch(input: $input) {
            results {
              result_set_id
            }
          }
        }
      `,
      { input: { query: 'device' } },
      analyst.idToken,
    );
    expect(searched.errors).toBeUndefined();
    const set = await graphql(
      app.baseUrl,
      `query ($id: ID!) { resultSet(id: $id) { map { ${MAP_FIELDS} } } }`,
      { id: searched.data.booleanSearch.results.result_set_id },
      analyst.idToken,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.resultSet.map).toEqual(map);
    expect(await app.database.db.selectFrom('result_maps').select('key').execute()).toHaveLength(1);
  }, 90_000);

  it("maps a collection's landscape over its members", async () => {
    const as = collectionsCall(app, analyst.idToken);
    const id = (await as('POST', '', { name: 'Mapped set' })).body.id as string;
    const members = patents.slice(0, 15);
    for (const patent of members) await as('POST', `/${id}/members`, { lens_id: patent.lens_id });
    const { data, errors } = await graphql(app.baseUrl, LANDSCAPE_MAP, { input: { collection: id } }, key);
    expect(errors).toBeUndefined();
    expect(data.landscape.map.too_few).toBe(false);
    expect(data.landscape.map.points.map((point: { lens_id: string }) => point.lens_id).sort()).toEqual(
      members.map((patent) => patent.lens_id).sort(),
    );
  }, 90_000);

  it('refuses first outside 1..500, and a map of a landscape to someone who is not an analyst', async () => {
    for (const first of [0, 501]) {
      const { errors } = await graphql(app.baseUrl, LANDSCAPE_MAP, { input: SEARCH, first }, key);
      expect(errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
    const searcher = await createPaidUser(app.database.db, 'Sam');
    const { data, errors } = await graphql(app.baseUrl, LANDSCAPE_MAP, { input: SEARCH }, searcher.idToken);
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(data).toBeNull();
  });
});
