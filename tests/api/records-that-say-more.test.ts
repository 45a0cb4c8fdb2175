import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnClassWords } from '@patentscout/indexer/learned/learn-class-words';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
const hive = (title: string, abstract: string) =>
  patentRow({ title, abstract, ipc_symbols: ['A01K47/06'], first_ipc: 'A01K47/06' });
const oven = (title: string, abstract: string) =>
  patentRow({ title, abstract, ipc_symbols: ['F24C15/32'], first_ipc: 'F24C15/32' });
// The patents of a group with abstracts say what it is about; the title-only record says nothing
// of honey itself (ADR 0177).
const withText = [
  hive('BEEHIVE FRAME', 'A frame holds the honey comb of a beehive for the bees.'),
  hive('HONEY EXTRACTOR', 'An extractor spins honey out of the comb of a beehive.'),
  hive('HIVE COVER', 'A cover keeps the bees and honey of a beehive dry.'),
  oven('CONVECTION OVEN', 'A fan blows hot air through the baking chamber.'),
  oven('OVEN DOOR', 'A door closes the baking chamber with a fan guard.'),
  oven('OVEN RACK', 'A rack slides into the baking chamber near the fan.'),
];
// Other patents, so that honey is a rare word of the corpus, which AI search keeps.
const others = Array.from({ length: 30 }, (_, index) =>
  patentRow({ title: `GEAR ${index}`, abstract: 'A gear wheel turns a shaft.', ipc_symbols: ['F16H1/00'] }),
);
const titleOnly = hive('STAND WITH ADJUSTABLE LEGS', '');

async function search(kind: 'aiSearch' | 'booleanSearch', query: string) {
  const { data, errors } = await graphql(
    app.baseUrl,
    `mutation ($input: SearchInput!) {
       ${kind}(input: $input) {
         results { data { lens_id } explanation { throughClassification { lensId words } } }
       }
     }`,
    { input: { query } },
    user.idToken,
  );
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  const results = data[kind].results as {
    data: { lens_id: string }[];
    explanation: { throughClassification: { lensId: string; words: string[] }[] } | null;
  };
  return { ids: results.data.map((item) => item.lens_id), explanation: results.explanation };
}

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [...withText, ...others, titleOnly]);
  await learnClassWords(app.database.db);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  user = await createPaidUser(app.database.db, 'Sam');
}, 120_000);
afterAll(() => app.close());

describe('Records that say more', () => {
  it('finds a title-only patent through its classification, and says so', async () => {
    const { ids, explanation } = await search('aiSearch', 'honey, honey and more honey');
    expect(ids).toContain(titleOnly.lens_id);
    // Its own words come first: the patents that say honey themselves rank above it.
    expect(ids.indexOf(titleOnly.lens_id)).toBe(ids.length - 1);
    const match = explanation!.throughClassification.find((entry) => entry.lensId === titleOnly.lens_id);
    expect(match?.words[0]).toBe('honey');
    expect(match!.words.length).toBeLessThanOrEqual(3);
    // A patent that holds the word itself is never said to match through its classification.
    expect(explanation!.throughClassification.map((entry) => entry.lensId)).toEqual([titleOnly.lens_id]);
  });

  it('leaves advanced search to the patents own words', async () => {
    const { ids } = await search('booleanSearch', 'honey');
    expect(ids).toHaveLength(3);
    expect(ids).not.toContain(titleOnly.lens_id);
  });

  it('gives a title-only patent that arrives later its classes words at once', async () => {
    const later = hive('LIFTING HANDLE', '');
    await insertPatents(app.database.db, [later]);
    const { ids, explanation } = await search('aiSearch', 'honey, honey and yet more honey');
    expect(ids).toContain(later.lens_id);
    expect(explanation!.throughClassification.map((entry) => entry.lensId)).toContain(later.lens_id);
  });
});
