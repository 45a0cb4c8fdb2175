import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/** The spec's rule: limited once the count is above 20, so a free user runs at most 21 searches. */
const FREE = 20;
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [
    patentRow({ title: 'SOLAR PANEL CLEANING ROBOT', abstract: 'A robot cleans solar panels with brushes.' }),
  ]);
});
afterAll(() => app.close());

async function freeUser() {
  const user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Fay' })
    .execute();
  return user;
}

const eventsOf = async (uid: string) =>
  Number(
    (
      await app.database.db
        .selectFrom('search_events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_uid', '=', uid)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the free allowance under concurrency', () => {
  it('lets exactly 21 of 40 parallel searches of a fresh free user through, and records exactly those', async () => {
    const user = await freeUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        call(app.baseUrl, 'POST', n % 2 ? '/api/v1/ai-search' : '/api/v1/boolean-search', {
          token: user.idToken,
          body: { query: n % 2 ? `robots that clean solar panels, variant ${n}` : `solar OR panel${n}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(FREE + 1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(40 - FREE - 1);
    expect(await eventsOf(user.uid)).toBe(FREE + 1);
  });

  it('holds the same line for parallel GraphQL searches, and for GraphQL and REST mixed', async () => {
    const user = await freeUser();
    const answers = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const query = `robots that clean solar panels, variant ${n}`;
        if (n % 4 === 0) {
          const rest = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
            token: user.idToken,
            body: { query },
          });
          return rest.status === 200 ? 'ran' : rest.body.code;
        }
        const answer = await graphql(
          app.baseUrl,
          'mutation($input: SearchInput!) { aiSearch(input: $input) { account { searchCount } } }',
          { input: { query } },
          user.idToken,
        );
        return answer.data?.aiSearch ? 'ran' : answer.errors?.[0]?.extensions?.code;
      }),
    );
    expect(answers.filter((outcome) => outcome === 'ran')).toHaveLength(FREE + 1);
    expect(answers.filter((outcome) => outcome === 'SEARCH_LIMIT_REACHED')).toHaveLength(40 - FREE - 1);
    expect(await eventsOf(user.uid)).toBe(FREE + 1);
  });

  it('gives the credit back when a search fails after its reservation (a query the engine refuses)', async () => {
    const user = await freeUser();
    const refused = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: user.idToken,
      body: { query: 'title:b?ttery' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('QUERY_SYNTAX');
    expect(await eventsOf(user.uid)).toBe(0);
  });

  it('charges one-shot credits through the same guard: parallel one-shots cannot overshoot either', async () => {
    const user = await freeUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
          token: user.idToken,
          body: { query: `a robot that cleans the solar panels on a roof without water, take ${n}` },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(FREE + 1);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(30 - FREE - 1);
    expect(await eventsOf(user.uid)).toBe(FREE + 1);
  });
});
