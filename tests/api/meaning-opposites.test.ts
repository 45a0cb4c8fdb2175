import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMeaning } from '@patentscout/indexer/meaning/build-meaning';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { createPaidUser } from '@patentscout/server/testing/test-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
// Words that word vectors put together though they mean apart (ADR 0175), beside the words
// that do mean alike: the neighbours "also searched for" may offer.
const patents = [
  ['HIVE WINTERING COVER', 'A cover keeps a hive warm through the winter frost and snow.'],
  ['SUMMER SHADE FOR A HIVE', 'A shade keeps a hive cool in the summer heat.'],
  ['AUTUMN FEEDER FOR BEES', 'A feeder gives bees syrup in the autumn before the cold.'],
  ['SPRING SWARM TRAP', 'A trap catches a swarm of bees in the spring.'],
  ['HOT PLATE', 'A hot plate keeps dishes warm and heated.'],
  ['COLD STORE', 'A cold store keeps food chilled and frozen.'],
  ['WET SCRUBBER', 'A wet scrubber washes dust from moist air.'],
  ['DRY FILTER', 'A dry filter holds dust from dried air.'],
].map(([title, abstract]) => patentRow({ title: title!, abstract: abstract! }));

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, patents);
  await sql`ANALYZE patent_search`.execute(app.database.db);
  await buildMeaning(app.database.db);
  user = await createPaidUser(app.database.db, 'Sam');
}, 120_000);
afterAll(() => app.close());

async function alsoSearched(query: string): Promise<Map<string, string[]>> {
  const { data, errors } = await graphql(
    app.baseUrl,
    `
      mutation ($input: SearchInput!) {
        aiSearch(input: $input) {
          results {
            explanation {
              meaning {
                alsoSearched {
                  word
                  similar
                }
              }
            }
          }
        }
      }
    `,
    { input: { query } },
    user.idToken,
  );
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  const entries = data.aiSearch.results.explanation.meaning.alsoSearched as {
    word: string;
    similar: string[];
  }[];
  return new Map(entries.map((entry) => [entry.word, entry.similar]));
}

describe('"Also searched for"', () => {
  it('never offers a word of opposite meaning, nor another thing of the same kind', async () => {
    const winter = await alsoSearched('keeping a hive through the winter');
    expect(winter.get('winter') ?? []).not.toContain('summer');
    expect(winter.get('winter') ?? []).not.toContain('autumn');
    const hot = await alsoSearched('a plate that gets very hot');
    expect(hot.get('hot') ?? []).not.toContain('cold');
    const wet = await alsoSearched('a scrubber that stays wet inside');
    expect(wet.get('wet') ?? []).not.toContain('dry');
  });

  it('still offers words of kin meaning: hot -> warm', async () => {
    const hot = await alsoSearched('a plate that gets very hot');
    expect(hot.get('hot')).toContain('warm');
  });
});
