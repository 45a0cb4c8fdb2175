import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/**
 * Stored result sets: a search's answer kept by id, replayed by reloads and shared links without
 * a search, and answering the same search within a day; and its exact counts, asked for when the
 * answer said "about N".
 */
let app: TestApp;
const airships = Array.from({ length: 12 }, (_, index) =>
  patentRow({
    title: `AIRSHIP MOORING MAST ${index}`,
    abstract: 'A mooring mast for an airship, with a rotating head.',
    jurisdiction: index % 3 === 0 ? 'AU' : 'US',
    family_id: `airship-${index % 6}`,
  }),
);

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, airships);
});
afterAll(() => app.close());

async function freshUser() {
  const user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Sam' })
    .execute();
  return user;
}

const searchCount = async (token: string) =>
  (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token })).body as number;
const idsOf = (body: { data: { lens_id: string }[] }) => body.data.map((item) => item.lens_id);

describe('stored result sets', () => {
  it('replays a search by its id, in the same order with the same counts, without counting a search', async () => {
    const searcher = await freshUser();
    const searched = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: searcher.idToken,
      body: { query: 'airship AND mooring' },
    });
    expect(searched.status).toBe(200);
    expect(searched.body.data.length).toBeGreaterThan(0);
    const id = searched.body.result_set_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await searchCount(searcher.idToken)).toBe(1);

    for (let reload = 0; reload < 3; reload += 1) {
      const replayed = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, {
        token: searcher.idToken,
      });
      expect(replayed.status).toBe(200);
      // The same items, family members and all.
      expect(replayed.body.data).toEqual(searched.body.data);
      expect(replayed.body).toMatchObject({
        result_set_id: id,
        total: searched.body.total,
        group_by_count: searched.body.group_by_count,
        results: searched.body.results,
      });
    }
    expect(await searchCount(searcher.idToken)).toBe(1);

    // A shared link: another signed-in user opens the same set, and nothing is counted for them.
    const colleague = await freshUser();
    const shared = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: colleague.idToken });
    expect(idsOf(shared.body)).toEqual(idsOf(searched.body));
    expect(await searchCount(colleague.idToken)).toBe(0);
  });

  it('answers the same search again within a day from the kept set, counted once', async () => {
    const searcher = await freshUser();
    const body = { query: 'a rotating mooring mast for airships', jurisdiction: ['US'] };
    const first = await call(app.baseUrl, 'POST', '/api/v1/ai-search', { token: searcher.idToken, body });
    const again = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: searcher.idToken,
      body: { ...body, query: body.query.toUpperCase() },
    });
    expect(again.body.result_set_id).toBe(first.body.result_set_id);
    expect(idsOf(again.body)).toEqual(idsOf(first.body));
    expect(await searchCount(searcher.idToken)).toBe(1);
    // Another filter is another search, with a set of its own.
    const other = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: searcher.idToken,
      body: { ...body, jurisdiction: ['AU'] },
    });
    expect(other.body.result_set_id).not.toBe(first.body.result_set_id);
    expect(await searchCount(searcher.idToken)).toBe(2);
  });

  it("takes the specification's five keys, empty lists and the whole year range, as the same search as the bare query, through REST and GraphQL alike", async () => {
    const searcher = await freshUser();
    const query = 'a rotating mooring mast for airships';
    const allKeys = { query, ipc_filters: [], legal_status: [], jurisdiction: [], years: [1824, 2050] };
    const bare = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: searcher.idToken,
      body: { query },
    });
    const spelt = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
      token: searcher.idToken,
      body: allKeys,
    });
    expect(spelt.status).toBe(200);
    expect(spelt.body.result_set_id).toBe(bare.body.result_set_id);
    expect(idsOf(spelt.body)).toEqual(idsOf(bare.body));
    const browser = await graphql(
      app.baseUrl,
      'mutation ($input: SearchInput!) { aiSearch(input: $input) { results { result_set_id } } }',
      { input: allKeys },
      searcher.idToken,
    );
    expect(browser.errors).toBeUndefined();
    expect(browser.data.aiSearch.results.result_set_id).toBe(bare.body.result_set_id);
    expect(await searchCount(searcher.idToken)).toBe(1);
  });

  it('refuses an unknown, malformed or expired id with 404 and says what to do; signed out with 401', async () => {
    const searcher = await freshUser();
    const message =
      'These results have expired or do not exist. Run the search again to see current results.';
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-set', "1' OR '1'='1"]) {
      const answer = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${encodeURIComponent(id)}`, {
        token: searcher.idToken,
      });
      expect(answer).toEqual({ status: 404, body: { code: 'RESULT_SET_NOT_FOUND', message } });
    }
    const searched = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: searcher.idToken,
      body: { query: 'airship' },
    });
    const id = searched.body.result_set_id as string;
    expect((await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: '' })).status).toBe(401);
    // The set is written after the answer (ADR 0118); reading it waits for that write.
    expect(
      (await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: searcher.idToken })).status,
    ).toBe(200);
    await app.database.db
      .updateTable('search_result_sets')
      .set({ created_at: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where('id', '=', id)
      .execute();
    const expired = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: searcher.idToken });
    expect(expired.status).toBe(404);
  });

  it('counts an estimated set exactly when asked, and keeps the exact counts', async () => {
    const searcher = await freshUser();
    const searched = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: searcher.idToken,
      body: { query: 'mooring' },
    });
    const id = searched.body.result_set_id as string;
    const exact = { total: airships.length, group_by_count: 6, estimated: false };
    expect(searched.body).toMatchObject(exact);
    // The set is written after the answer (ADR 0118); reading it waits for that write.
    expect(
      (await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: searcher.idToken })).body,
    ).toMatchObject(exact);
    // As a set past the candidate budget would be kept: an estimate, here a wrong one.
    await app.database.db
      .updateTable('search_result_sets')
      .set({ total: 40, families: 20, estimated: true })
      .where('id', '=', id)
      .execute();
    expect(
      (await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: searcher.idToken })).body,
    ).toMatchObject({ total: 40, estimated: true });
    const counted = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}/counts`, {
      token: searcher.idToken,
    });
    expect(counted).toEqual({ status: 200, body: exact });
    const replayed = await call(app.baseUrl, 'GET', `/api/v1/result-sets/${id}`, { token: searcher.idToken });
    expect(replayed.body).toMatchObject(exact);
    expect(await searchCount(searcher.idToken)).toBe(1);
  });

  it('replays and counts through GraphQL as the browser asks', async () => {
    const searcher = await freshUser();
    const searched = await graphql(
      app.baseUrl,
      `
        mutation ($input: SearchInput!) {
          aiSearch(input: $input) {
            results {
              result_set_id
              total
              data {
                lens_id
              }
            }
          }
        }
      `,
      { input: { query: 'a rotating mooring mast for airships' } },
      searcher.idToken,
    );
    const id = searched.data.aiSearch.results.result_set_id as string;
    const replayed = await graphql(
      app.baseUrl,
      `
        query ($id: ID!) {
          resultSet(id: $id) {
            id
            kind
            query
            results {
              total
              estimated
              data {
                lens_id
              }
            }
          }
          resultSetCounts(id: $id) {
            total
            group_by_count
            estimated
          }
        }
      `,
      { id },
      searcher.idToken,
    );
    expect(replayed.errors).toBeUndefined();
    expect(replayed.data.resultSet).toMatchObject({
      id,
      kind: 'AI',
      query: 'a rotating mooring mast for airships',
      results: { total: searched.data.aiSearch.results.total, data: searched.data.aiSearch.results.data },
    });
    expect(replayed.data.resultSetCounts).toEqual({
      total: searched.data.aiSearch.results.total,
      group_by_count: 6,
      estimated: false,
    });
    const unknown = await graphql(
      app.baseUrl,
      `
        query {
          resultSet(id: "00000000-0000-4000-8000-000000000000") {
            id
          }
        }
      `,
      {},
      searcher.idToken,
    );
    expect(unknown.errors?.[0]?.extensions?.code).toBe('RESULT_SET_NOT_FOUND');
    expect(await searchCount(searcher.idToken)).toBe(1);
  });
});
