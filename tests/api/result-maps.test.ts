import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';
import { MAP_TOPICS, startMapApp, unplacedPatent } from './map-kit.js';

/** Maps of answers (ADR 0179): `resultSet(id) { map(first:) }`. */
let app: TestApp;
let user: EmulatorUser;
const unplaced = unplacedPatent;

beforeAll(async () => {
  app = await startMapApp();
  user = await createPaidUser(app.database.db, 'Sam');
}, 120_000);
afterAll(() => app.close());

const MAP = `
  query ($id: ID!, $first: Int) {
    resultSet(id: $id) {
      map(first: $first) {
        points { lens_id x y region title year country status }
        regions { id words size x y }
        not_placed { lens_id title }
        too_few
      }
    }
  }`;

async function searchedSet(): Promise<{ id: string; ids: string[] }> {
  const { data, errors } = await graphql(
    app.baseUrl,
    `
      mutation ($input: SearchInput!) {
        booleanSearch(input: $input) {
          results {
            result_set_id
            data {
              lens_id
            }
          }
        }
      }
    `,
    { input: { query: 'device' } },
    user.idToken,
  );
  expect(errors).toBeUndefined();
  const results = data.booleanSearch.results;
  return { id: results.result_set_id, ids: results.data.map((item: { lens_id: string }) => item.lens_id) };
}

describe('resultSet(id) { map }', () => {
  it('places every family with a meaning vector in 5 to 12 labelled regions, the same map every time', async () => {
    const { id, ids } = await searchedSet();
    expect(ids).toHaveLength(30);
    const first = await graphql(app.baseUrl, MAP, { id }, user.idToken);
    expect(first.errors).toBeUndefined();
    const map = first.data.resultSet.map;
    expect(map.too_few).toBe(false);
    expect(map.points).toHaveLength(29);
    expect(map.not_placed.map((family: { lens_id: string }) => family.lens_id)).toEqual([unplaced.lens_id]);
    for (const point of map.points) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(1);
      expect(point.y).toBeGreaterThanOrEqual(0);
      expect(point.y).toBeLessThanOrEqual(1);
    }
    expect(map.regions.length).toBeGreaterThanOrEqual(5);
    expect(map.regions.length).toBeLessThanOrEqual(12);
    expect(map.regions.reduce((sum: number, region: { size: number }) => sum + region.size, 0)).toBe(29);
    for (const region of map.regions) {
      expect(region.words.length).toBeGreaterThanOrEqual(2);
      expect(region.words).not.toContain('device');
      expect(map.points.filter((point: { region: number }) => point.region === region.id)).toHaveLength(
        region.size,
      );
    }
    // Patents of one topic share a region: the labels name the topics.
    const labelled = map.regions.flatMap((region: { words: string[] }) => region.words);
    expect(
      labelled.some((word: string) => MAP_TOPICS.some(([title]) => title.split(' ').includes(word))),
    ).toBe(true);

    const again = await graphql(app.baseUrl, MAP, { id }, user.idToken);
    expect(again.data.resultSet.map).toEqual(map);
    const kept = await app.database.db.selectFrom('result_maps').select('key').execute();
    expect(kept).toHaveLength(1);
    // The first map starts the worker thread and lays out; a loaded machine takes its time.
  }, 90_000);

  it('draws the map again once a family that was not placed has its meaning vector', async () => {
    const { id } = await searchedSet();
    const before = (await graphql(app.baseUrl, MAP, { id }, user.idToken)).data.resultSet.map;
    expect(before.not_placed).toHaveLength(1);
    await sql`INSERT INTO patent_vectors (lens_id, vector)
              SELECT ${unplaced.lens_id}, vector FROM patent_vectors ORDER BY lens_id LIMIT 1`.execute(
      app.database.db,
    );
    const after = (await graphql(app.baseUrl, MAP, { id }, user.idToken)).data.resultSet.map;
    expect(after.not_placed).toEqual([]);
    expect(after.points).toHaveLength(30);
    await sql`DELETE FROM patent_vectors WHERE lens_id = ${unplaced.lens_id}`.execute(app.database.db);
  }, 90_000);

  it('answers too_few with no points for fewer than 10 families', async () => {
    const { id } = await searchedSet();
    const { data, errors } = await graphql(app.baseUrl, MAP, { id, first: 9 }, user.idToken);
    expect(errors).toBeUndefined();
    expect(data.resultSet.map.too_few).toBe(true);
    expect(data.resultSet.map.points).toEqual([]);
    expect(data.resultSet.map.regions).toEqual([]);
  });

  it("answers an analyst's map(first: 500) written into the query, every field asked for", async () => {
    const { id } = await searchedSet();
    // A literal `first` multiplies the operation's cost by 500 (graphql-armor): within the limits.
    const literal = MAP.replace('query ($id: ID!, $first: Int)', 'query ($id: ID!)').replace(
      'map(first: $first)',
      'map(first: 500)',
    );
    const { data, errors } = await graphql(app.baseUrl, literal, { id }, user.idToken);
    expect(errors).toBeUndefined();
    expect(data.resultSet.map.points).toHaveLength(29);
  });

  it('refuses first outside 1..500', async () => {
    const { id } = await searchedSet();
    for (const first of [0, 501]) {
      const { errors } = await graphql(app.baseUrl, MAP, { id, first }, user.idToken);
      expect(errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    }
  });

  it('needs a verified sign-in, as resultSet does', async () => {
    const { id } = await searchedSet();
    const { errors } = await graphql(app.baseUrl, MAP, { id });
    expect(errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });
});
