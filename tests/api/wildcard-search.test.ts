import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
let user: EmulatorUser;
const optimization = patentRow({ title: 'KILN OPTIMIZATION', abstract: 'A kiln.' });
const optimisation = patentRow({ title: 'KILN', abstract: 'Optimisation of the firing curve.' });
const optimal = patentRow({ title: 'KILN', abstract: 'An optimal firing curve.' });
// More words of one start than a wildcard may fit (WILDCARD_WORDS_CAP).
const catalogue = patentRow({
  title: 'CATALOGUE',
  claims: Array.from({ length: 501 }, (_, index) => `zqw${index}x`).join(' '),
});

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [optimization, optimisation, optimal, catalogue]);
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Sam' })
    .execute();
});
afterAll(() => app.close());

const booleanSearch = (query: string) =>
  call(app.baseUrl, 'POST', '/api/v1/boolean-search', { token: user.idToken, body: { query } });
const idsOf = (body: { data: { lens_id: string }[] }) => body.data.map((item) => item.lens_id).sort();
const searchCount = async () =>
  (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: user.idToken })).body;

describe('POST /api/v1/boolean-search with wildcards inside words', () => {
  it('finds the words as written that fit, in the fields asked for', async () => {
    const anywhere = await booleanSearch('optimi?ation');
    expect(anywhere.status).toBe(200);
    expect(idsOf(anywhere.body)).toEqual([optimization.lens_id, optimisation.lens_id].sort());
    expect(anywhere.body.total).toBe(2);
    const inTitles = await booleanSearch('title:optimi?ation');
    expect(idsOf(inTitles.body)).toEqual([optimization.lens_id]);
  });

  it('highlights the words a wildcard fits', async () => {
    const answer = await graphql(
      app.baseUrl,
      `
        query H($kind: HighlightKind!, $query: String!, $ids: [ID!]!) {
          matchHighlights(kind: $kind, query: $query, lensIds: $ids) {
            lensId
            passages {
              field
              text
            }
          }
        }
      `,
      { kind: 'ADVANCED', query: 'optimi?ation', ids: [optimisation.lens_id] },
      user.idToken,
    );
    expect(answer.errors).toBeUndefined();
    const [abstract] = answer.data.matchHighlights[0].passages;
    expect(abstract.text.replaceAll('\u0001', '[').replaceAll('\u0002', ']')).toBe(
      '[Optimisation] of the firing curve',
    );
  });

  it('refuses a wildcard that fits too many words with 400 QUERY_SYNTAX, without counting it', async () => {
    const before = await searchCount();
    const response = await booleanSearch('zqw*x');
    expect(response).toEqual({
      status: 400,
      body: {
        code: 'QUERY_SYNTAX',
        message:
          'Query error at character 1: zqw*x is too broad: it fits more than 500 words. Add letters before the first * or ?.',
      },
    });
    expect(await searchCount()).toEqual(before);
  });
});
