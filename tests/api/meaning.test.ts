import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { familyRows, insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
const drone = patentRow({
  title: 'UNMANNED AERIAL VEHICLE FOR PARCEL DELIVERY',
  abstract:
    'A multirotor unmanned aerial vehicle carries a parcel and lowers it to a recipient at a delivery address.',
  ipc_symbols: ['B64C39/02', 'B64D1/12'],
});
// The same invention as another office published it: never listed as similar to its family.
const [droneHere, droneAbroad] = familyRows('family-drone', [
  drone,
  patentRow({
    title: 'UNMANNED AERIAL VEHICLE FOR DELIVERING PARCELS',
    abstract: drone.abstract,
    jurisdiction: 'EP',
  }),
]);
const helicopter = patentRow({
  title: 'ROTORCRAFT WITH A CARGO HOOK FOR DELIVERING LOADS',
  abstract: 'A helicopter releases a cargo load held by a hook when it reaches the destination.',
  ipc_symbols: ['B64D1/22'],
});
// Two that share words whose stems are not words ("nois", "headphon").
const headphones = patentRow({
  title: 'NOISE CANCELLING HEADPHONES',
  abstract:
    'Headphones cancel the noise around the listener; the noise is measured by microphones in the headphones.',
});
const earbuds = patentRow({
  title: 'EARBUDS THAT CANCEL NOISE',
  abstract: 'Wireless earbuds measure the noise with microphones and cancel it, as headphones do.',
});
const others = [
  patentRow({ title: 'PIZZA OVEN WITH A STONE DECK', abstract: 'An oven bakes pizza on a heated stone.' }),
  patentRow({ title: 'BASEBALL BAT OF LAMINATED WOOD', abstract: 'A bat glued from layers of maple.' }),
  patentRow({ title: 'ANTIVIRAL PROTEASE INHIBITOR', abstract: 'A compound that blocks a viral protease.' }),
  patentRow({
    title: 'NEURAL NETWORK ACCELERATOR CHIP',
    abstract: 'A processor for deep learning inference.',
  }),
];

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [
    droneHere!,
    droneAbroad!,
    helicopter,
    headphones,
    earbuds,
    ...others,
  ]);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  await buildMeaning(app.database.db);
  user = await createPaidUser(app.database.db, 'Sam');
}, 120_000);
afterAll(() => app.close());

const SEARCH = `
  mutation ($input: SearchInput!) {
    aiSearch(input: $input) {
      results {
        data { lens_id }
        explanation { kept { word } meaning { alsoSearched { word similar } foundByMeaning } }
      }
    }
  }`;

describe('AI search by meaning', () => {
  it('finds a patent described in other words, and says it was found by meaning alone', async () => {
    const { data, errors } = await graphql(
      app.baseUrl,
      SEARCH,
      { input: { query: 'a flying drone that drops packages at homes' } },
      user.idToken,
    );
    expect(errors).toBeUndefined();
    const results = data.aiSearch.results;
    const ids = results.data.map((item: { lens_id: string }) => item.lens_id);
    const found = ids.findIndex((id: string) => id === droneHere!.lens_id || id === droneAbroad!.lens_id);
    expect(found).toBeGreaterThanOrEqual(0);
    expect(found).toBeLessThan(2);
    expect(results.explanation.meaning.foundByMeaning).toContain(ids[found]);
  });

  it('ranks a text whose words a patent holds as by words alone', async () => {
    const { data } = await graphql(
      app.baseUrl,
      SEARCH,
      { input: { query: 'a baseball bat glued from laminated maple wood' } },
      user.idToken,
    );
    expect(data.aiSearch.results.data[0].lens_id).toBe(others[1]!.lens_id);
    expect(data.aiSearch.results.explanation.meaning.foundByMeaning).not.toContain(others[1]!.lens_id);
  });
});

describe('GET /api/v1/patents/{id}/similar', () => {
  it("lists the nearest patents, one per family, never the patent's own family, each with why", async () => {
    const response = await call(app.baseUrl, 'GET', `/api/v1/patents/${droneHere!.lens_id}/similar?first=5`);
    expect(response.status).toBe(200);
    const ids = response.body.data.map((item: { lens_id: string }) => item.lens_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(5);
    expect(ids).not.toContain(droneHere!.lens_id);
    expect(ids).not.toContain(droneAbroad!.lens_id);
    expect(new Set(ids).size).toBe(ids.length);
    // The helicopter delivering loads is the closest in meaning; it shares the B64D1 main group.
    expect(ids[0]).toBe(helicopter.lens_id);
    expect(response.body.data[0].similarity.shared_classes).toEqual(['B64D1']);
    expect(response.body.data[0].similarity.score).toBeGreaterThan(
      response.body.data.at(-1).similarity.score - 1e-9,
    );
  });

  it('gives the shared key words as the patent writes them, not their stems', async () => {
    const response = await call(app.baseUrl, 'GET', `/api/v1/patents/${headphones.lens_id}/similar`);
    const listed = response.body.data.find((item: { lens_id: string }) => item.lens_id === earbuds.lens_id);
    const words: string[] = listed.similarity.shared_words;
    expect(words).toEqual(expect.arrayContaining(['noise', 'headphones', 'microphones']));
    const text = `${headphones.title} ${headphones.abstract}`.toLowerCase();
    for (const word of words) expect(text).toMatch(new RegExp(`\\b${word}\\b`));
  });

  it('answers 404 for an unknown patent and 400 for a bad count', async () => {
    expect((await call(app.baseUrl, 'GET', '/api/v1/patents/000-000-000-000-000/similar')).status).toBe(404);
    const bad = await call(app.baseUrl, 'GET', `/api/v1/patents/${helicopter.lens_id}/similar?first=0`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('first must be at least 1');
  });

  it('is a field of the patent in GraphQL, and counts no search', async () => {
    const before = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    const { data, errors } = await graphql(
      app.baseUrl,
      `
        query ($id: ID!) {
          patent(lensId: $id) {
            similar(first: 2) {
              lens_id
              similarity {
                score
              }
            }
          }
        }
      `,
      { id: helicopter.lens_id },
      user.idToken,
    );
    expect(errors).toBeUndefined();
    expect(data.patent.similar).toHaveLength(2);
    expect(data.patent.similar.map((item: { lens_id: string }) => item.lens_id)).not.toContain(
      helicopter.lens_id,
    );
    const after = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
  });
});
