import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';
import { createPaidUser } from '@patentscout/server/testing/test-users';

let app: TestApp;
let user: EmulatorUser;
const storage = patentRow({
  title: 'HOME BATTERY FOR STORING SOLAR ENERGY',
  abstract: 'A device that stores solar energy in a home battery.',
});
const heater = patentRow({
  title: 'SOLAR WATER HEATER DEVICE',
  abstract: 'A device heating water by the sun.',
});
// Thirty devices: "device" is in nearly every patent, too common to find anything by itself.
const devices = Array.from({ length: 30 }, (_, index) =>
  patentRow({ title: `DEVICE NUMBER ${index}`, abstract: `A device for task ${index}.` }),
);

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [storage, heater, ...devices]);
  // The word statistics AI search weighs words by come from the planner's statistics.
  await sql`ANALYZE patent_search`.execute(app.database.db);
  user = await createPaidUser(app.database.db, 'Sam');
});
afterAll(() => app.close());

const SEARCH = `
  mutation ($input: SearchInput!) {
    aiSearch(input: $input) {
      results {
        data { lens_id }
        explanation { kept { word lexeme weight share } dropped lensQuery }
      }
    }
  }`;

describe('the explained AI search', () => {
  it('says which words it kept (rarest first), which it dropped, and its Lens query', async () => {
    const { data, errors } = await graphql(
      app.baseUrl,
      SEARCH,
      { input: { query: 'a device for storing solar energy in the home battery' } },
      user.idToken,
    );
    expect(errors).toBeUndefined();
    const { explanation } = data.aiSearch.results;
    const kept = explanation.kept.map((term: { word: string }) => term.word);
    expect(kept).toEqual(expect.arrayContaining(['storing', 'solar', 'energy', 'home', 'battery']));
    expect(explanation.kept.find((term: { word: string }) => term.word === 'battery').lexeme).toBe('batteri');
    const weights = explanation.kept.map((term: { weight: number }) => term.weight);
    expect(weights).toEqual([...weights].sort((left, right) => right - left));
    expect(explanation.dropped).toEqual(expect.arrayContaining(['a', 'device', 'for', 'in', 'the']));
    expect(explanation.lensQuery).toBe(kept.join(' OR '));
  });

  it('finds the AI search top result again when its Lens query is run as an advanced search', async () => {
    const ai = await graphql(
      app.baseUrl,
      SEARCH,
      { input: { query: 'storing solar energy in a home battery' } },
      user.idToken,
    );
    const top = ai.data.aiSearch.results.data[0].lens_id;
    expect(top).toBe(storage.lens_id);
    const advanced = await graphql(
      app.baseUrl,
      `
        mutation ($input: SearchInput!) {
          booleanSearch(input: $input) {
            results {
              data {
                lens_id
              }
              explanation {
                lensQuery
              }
            }
          }
        }
      `,
      { input: { query: ai.data.aiSearch.results.explanation.lensQuery } },
      user.idToken,
    );
    expect(advanced.errors).toBeUndefined();
    const found = advanced.data.booleanSearch.results.data.map((item: { lens_id: string }) => item.lens_id);
    expect(found).toContain(top);
    expect(advanced.data.booleanSearch.results.explanation).toBeNull();
  });

  it('keeps the REST answer in the specification shape (with its result set id), without the explanation', async () => {
    const { status, body } = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: user.idToken,
      body: { query: 'storing solar energy in a home battery' },
    });
    expect(status).toBe(200);
    expect(Object.keys(body as object).sort()).toEqual([
      'data',
      'estimated',
      'group_by_count',
      'result_set_id',
      'results',
      'total',
    ]);
  });
});
