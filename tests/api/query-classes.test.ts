import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';

/**
 * AI search favours the classes a query speaks for (ADR 0181): "bees" is one of the beehives'
 * words, so a beehive patent holding as rare a word of the query passes a waterfowl patent that
 * holds as rare a word and a common one.
 */
let app: TestApp;
let user: EmulatorUser;
let now = Date.now();

const beehive = patentRow({
  title: 'INSULATED HIVE FOR BEES',
  abstract: 'A hive whose walls hold a layer of insulation.',
  ipc_symbols: ['A01K47/02'],
  first_ipc: 'A01K47/02',
});
const ducks = patentRow({
  title: 'KEEPING DUCKS HEALTHY IN WINTER',
  abstract: 'A heated shelter keeps ducks healthy through the winter.',
  ipc_symbols: ['A01K45/00'],
  first_ipc: 'A01K45/00',
});
// Other patents, so that bees and healthy are rare words and winter a less rare one (in a
// sixth of the patents: AI search drops words in more than a fifth).
const others = Array.from({ length: 30 }, (_, index) =>
  patentRow({
    title: `GEAR ${index}`,
    abstract: `A gear wheel turns a shaft${index < 4 ? ' through the winter' : ''}.`,
    ipc_symbols: ['F16H1/00'],
  }),
);

async function aiSearchAnswer(query: string) {
  const { data, errors } = await graphql(
    app.baseUrl,
    `
      mutation ($input: SearchInput!) {
        aiSearch(input: $input) {
          results {
            explanation {
              classes {
                symbol
                words
              }
            }
            data {
              lens_id
            }
          }
        }
      }
    `,
    { input: { query } },
    user.idToken,
  );
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  return {
    ids: data.aiSearch.results.data.map((item: { lens_id: string }) => item.lens_id) as string[],
    classes: data.aiSearch.results.explanation.classes as { symbol: string; words: string[] }[],
  };
}

async function aiSearch(query: string): Promise<string[]> {
  return (await aiSearchAnswer(query)).ids;
}

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => new Date(now) } });
  await insertPatents(app.database.db, [beehive, ducks, ...others]);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  user = await createPaidUser(app.database.db, 'Bea');
}, 120_000);
afterAll(() => app.close());

describe('AI search and the classes a query speaks for', () => {
  it('ranks by the words alone while no class has learned its words, and names no class', async () => {
    const { ids, classes } = await aiSearchAnswer('healthy bees in winter');
    expect(ids.indexOf(ducks.lens_id)).toBe(0);
    expect(ids.indexOf(beehive.lens_id)).toBe(1);
    expect(classes).toEqual([]);
  });

  it('ranks the patents of the class the query speaks for first, once the classes have words', async () => {
    await sql`INSERT INTO class_words (class, words, patents) VALUES
      ('A01K47', ARRAY['beehives', 'bees', 'hive', 'honey', 'comb', 'frames', 'apiary', 'wax'], 12),
      ('A01K45', ARRAY['ducks', 'geese', 'poultry', 'feathers', 'hatching', 'eggs', 'pond', 'waterfowl'], 9)`.execute(
      app.database.db,
    );
    // The engine reads the classes' words again once its statistics period passed.
    now += 60 * 60_000;
    // Other words than the first test's, whose answer is kept.
    const { ids, classes } = await aiSearchAnswer('healthy bees in the winter months');
    expect(ids.indexOf(beehive.lens_id)).toBe(0);
    expect(ids.indexOf(ducks.lens_id)).toBe(1);
    // The explanation names the class the order came from, with its first words.
    expect(classes).toEqual([{ symbol: 'A01K47', words: ['beehives', 'bees', 'hive'] }]);
    // A patent holding more of the query stays first: the class only decides between near equals.
    const both = await aiSearch('healthy ducks and bees in winter');
    expect(both.slice(0, 2)).toEqual([ducks.lens_id, beehive.lens_id]);
  });

  it('orders near-equals by the class its first results agree on, and names it (ADR 0190)', async () => {
    // Four lanterns hold the text's one known word alike, in the order of their ids, and no
    // class's words hold "lantern": only the results' own classes can tell them apart. The
    // first stays first, as the best match does; the stable's comes next by its id.
    const lamp = () => patentRow({ title: 'LANTERN', ipc_symbols: ['F21L19/00'], first_ipc: 'F21L19/00' });
    const firstLamp = lamp();
    const stable = patentRow({ title: 'LANTERN', ipc_symbols: ['A01K1/00'], first_ipc: 'A01K1/00' });
    const lamps = [lamp(), lamp()];
    await insertPatents(app.database.db, [firstLamp, stable, ...lamps]);
    await sql`INSERT INTO class_words (class, words, patents) VALUES
      ('F21L19', ARRAY['lamps', 'wicks', 'kerosene', 'glass'], 3)`.execute(app.database.db);
    now += 60 * 60_000;
    const { ids, classes } = await aiSearchAnswer('a lantern for the glowworm');
    expect(ids[0]).toBe(firstLamp.lens_id);
    expect(ids.slice(1, 3).sort()).toEqual(lamps.map((row) => row.lens_id).sort());
    expect(ids[3]).toBe(stable.lens_id);
    expect(classes).toEqual([{ symbol: 'F21L19', words: ['lamps', 'wicks', 'kerosene'] }]);
  });
});
