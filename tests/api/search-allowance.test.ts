import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents } from '@patentscout/server/testing/patent-fixtures';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { createVerifiedUser } from '@patentscout/server/testing/test-users';
import { call, graphql } from './http.js';
import { pizzaPatent, solarPatent } from './search-patents.js';

/** The free plan's monthly allowance of searches (lowered to 3 here), by REST and GraphQL. */

let app: TestApp;

const solar = solarPatent;
const pizza = pizzaPatent;

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '3' } });
  await insertPatents(app.database.db, [solar, pizza]);
});
afterAll(() => app.close());

const aiSearch = (body: unknown, token: string) =>
  call(app.baseUrl, 'POST', '/api/v1/ai-search', { token, body });

const freshUser = () => createVerifiedUser(app.database.db, 'Other');

describe('monthly allowance', () => {
  it('counts successful searches and refuses a free account above the limit with 402', async () => {
    const counted = await freshUser();
    const countOf = async () =>
      (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: counted.idToken })).body;
    const topics = [
      'solar energy at home',
      'heat pumps for flats',
      'recycled concrete blocks',
      'quiet drones',
    ];
    expect(await countOf()).toBe(0);
    for (const topic of topics) {
      expect((await aiSearch({ query: `a cheaper way to build ${topic}` }, counted.idToken)).status).toBe(
        200,
      );
    }
    expect(await countOf()).toBe(4);
    const refused = await aiSearch({ query: 'a cheaper way to store wind energy offshore' }, counted.idToken);
    expect(refused.status).toBe(402);
    expect(refused.body.message).toMatch(/Discover plan/);
    expect(refused.body.code).toBe('SEARCH_LIMIT_REACHED');
    // The same search again within a day costs nothing, so it still answers at the limit.
    const repeat = await aiSearch({ query: `a cheaper way to build ${topics[0]}` }, counted.idToken);
    expect(repeat.status).toBe(200);
    expect(await countOf()).toBe(4);

    await givePaidPlan(app.database.db, counted.uid);
    expect(
      (await aiSearch({ query: 'a cheaper way to store wind energy offshore' }, counted.idToken)).status,
    ).toBe(200);
    // The limit check stops counting past the limit; the count shown is whole.
    expect(await countOf()).toBe(5);
  });

  it('counts a repeat again once a day has passed, and a changed filter as a new search', async () => {
    const searcher = await freshUser();
    const query = 'a cheaper way to store solar energy at home';
    await aiSearch({ query }, searcher.idToken);
    await aiSearch({ query: query.toUpperCase() }, searcher.idToken);
    await aiSearch({ query, jurisdiction: ['AU'] }, searcher.idToken);
    const count = async () =>
      (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: searcher.idToken })).body;
    expect(await count()).toBe(2);
    await app.database.db
      .updateTable('search_events')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where('user_uid', '=', searcher.uid)
      .execute();
    // (Compared with the count after the move: a day back may fall in the previous month.)
    const before = await count();
    await aiSearch({ query }, searcher.idToken);
    expect(await count()).toBe(before + 1);
  });

  it('answers searchCount 401 when signed out', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/users/searchCount');
    expect(response).toEqual({
      status: 401,
      body: { message: 'User not authenticated', code: 'NOT_AUTHENTICATED' },
    });
  });

  it('tells a free account at the limit that it is limited, and refuses its next search with SEARCH_LIMIT_REACHED', async () => {
    const searcher = await freshUser();
    const search = (index: number) =>
      graphql(
        app.baseUrl,
        'mutation($input: SearchInput!) { aiSearch(input: $input) { account { searchCount limited } } }',
        { input: { query: `a cheaper way to store solar energy in home number ${index}` } },
        searcher.idToken,
      );
    const accounts = [];
    for (let index = 0; index < 4; index += 1) accounts.push((await search(index)).data.aiSearch.account);
    expect(accounts).toEqual([
      { searchCount: 1, limited: false },
      { searchCount: 2, limited: false },
      { searchCount: 3, limited: false },
      { searchCount: 4, limited: true },
    ]);
    const refused = await search(4);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'SEARCH_LIMIT_REACHED', status: 402 } });
  });
});
