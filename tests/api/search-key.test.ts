import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/**
 * "The same search again" (a free repeat within a day, answered from its kept set) is the same
 * parsed query and filters, never the same lower-cased text: Lens operators are case-sensitive.
 */
let app: TestApp;
const solar = Array.from({ length: 3 }, (_, n) =>
  patentRow({ title: `SOLAR COLLECTOR ${n}`, abstract: 'A flat collector.', jurisdiction: n ? 'US' : 'AU' }),
);
const robots = Array.from({ length: 2 }, (_, n) =>
  patentRow({ title: `CLEANING MACHINE ${n}`, abstract: 'A robot that cleans panels.' }),
);
const both = patentRow({ title: 'SOLAR PANEL ROBOT', abstract: 'A robot cleans solar panels.' });

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [...solar, ...robots, both]);
});
afterAll(() => app.close());

async function freshUser() {
  const user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Kim' })
    .execute();
  return user;
}

const advanced = (token: string, body: Record<string, unknown>) =>
  call(app.baseUrl, 'POST', '/api/v1/boolean-search', { token, body });
const searchCount = async (token: string) =>
  (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token })).body as number;

describe('the search key', () => {
  it('tells OR from or and NOT from not: each is its own search, answered as a fresh user would be', async () => {
    const user = await freshUser();
    const upper = await advanced(user.idToken, { query: 'title:solar OR abstract:robot' });
    expect(upper.body.total).toBe(6);
    for (const [first, second] of [
      ['title:solar OR abstract:robot', 'title:solar or abstract:robot'],
      ['solar NOT panel', 'solar not panel'],
    ] as const) {
      const a = await advanced(user.idToken, { query: first });
      const b = await advanced(user.idToken, { query: second });
      expect(b.body.result_set_id).not.toBe(a.body.result_set_id);
      const fresh = await advanced((await freshUser()).idToken, { query: second });
      expect(b.body.total).toBe(fresh.body.total);
      expect(b.body.data.map((item: { lens_id: string }) => item.lens_id)).toEqual(
        fresh.body.data.map((item: { lens_id: string }) => item.lens_id),
      );
    }
    // Lower-case, "or" and "not" are words (stop words, which match nothing), not operators.
    expect((await advanced(user.idToken, { query: 'title:solar or abstract:robot' })).body.total).toBe(0);
    expect((await advanced(user.idToken, { query: 'solar not panel' })).body.total).toBe(0);
    expect((await advanced(user.idToken, { query: 'solar NOT panel' })).body.total).toBe(3);
    // Four different searches, each counted once (their repeats above were free).
    expect(await searchCount(user.idToken)).toBe(4);
  });

  it('is the same for extra spaces, field-name case, operator spellings and filter order', async () => {
    const user = await freshUser();
    const first = await advanced(user.idToken, {
      query: 'title:solar OR abstract:robot',
      jurisdiction: ['US', 'AU'],
      legal_status: ['active', 'pending'],
    });
    expect(first.status).toBe(200);
    const again = await advanced(user.idToken, {
      query: '  TITLE:solar   ||  Abstract:robot ',
      legal_status: ['pending', 'active'],
      jurisdiction: ['au', 'US'],
      years: [1824, 2050],
    });
    expect(again.status).toBe(200);
    expect(again.body.result_set_id).toBe(first.body.result_set_id);
    expect(await searchCount(user.idToken)).toBe(1);
  });

  it('never matches a key kept before it (the lower-cased text of old)', async () => {
    const user = await freshUser();
    const query = 'title:solar or abstract:robot';
    // What the first version kept for the lower-cased query, as if searched an hour ago.
    const oldKey = createHash('sha256')
      .update(
        JSON.stringify([
          'boolean',
          query.toLowerCase(),
          { ipc_filters: null, legal_status: null, jurisdiction: null, years: null, kind: null },
        ]),
      )
      .digest('hex');
    await app.database.db
      .insertInto('search_events')
      .values({ user_uid: user.uid, kind: 'boolean', query, result_count: 6, search_key: oldKey })
      .execute();
    const searched = await advanced(user.idToken, { query: 'title:solar OR abstract:robot' });
    expect(searched.body.total).toBe(6);
    // Not a free repeat: counted as the new search it is.
    expect(await searchCount(user.idToken)).toBe(2);
    const keys = await app.database.db
      .selectFrom('search_events')
      .select('search_key')
      .where('user_uid', '=', user.uid)
      .execute();
    expect(keys.map((row) => row.search_key)).toContain(oldKey);
    expect(keys.filter((row) => row.search_key?.startsWith('v2:'))).toHaveLength(1);
  });

  it('lists each search in Previous Searches with its result count as soon as it has answered', async () => {
    const user = await freshUser();
    const searched = await advanced(user.idToken, { query: 'title:solar' });
    expect(searched.body.total).toBe(4);
    const previous = await graphql(
      app.baseUrl,
      '{ previousSearches { kind query resultCount } }',
      {},
      user.idToken,
    );
    expect(previous.data.previousSearches).toEqual([
      { kind: 'boolean', query: 'title:solar', resultCount: 4 },
    ]);
  });
});
