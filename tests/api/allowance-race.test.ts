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
  /**
   * Fires waves of 40 parallel searches until the user's allowance is used up. Each user's turns
   * (ADR 0112) turn some of every wave away with SEARCHES_IN_PROGRESS; the allowance must still let
   * exactly 21 searches through over all the waves, never one more, and record exactly those.
   */
  async function wavesUntilLimited(search: (n: number) => Promise<string>): Promise<string[]> {
    const outcomes: string[] = [];
    for (let wave = 0; wave < 20; wave += 1) {
      const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => search(wave * 40 + n)));
      outcomes.push(...answers);
      if (answers.every((outcome) => outcome === 'SEARCH_LIMIT_REACHED')) break;
    }
    return outcomes;
  }

  it('lets exactly 21 searches of a fresh free user through waves of 40 parallel ones, and records exactly those', async () => {
    const user = await freeUser();
    const outcomes = await wavesUntilLimited(async (n) => {
      const answer = await call(app.baseUrl, 'POST', n % 2 ? '/api/v1/ai-search' : '/api/v1/boolean-search', {
        token: user.idToken,
        body: { query: n % 2 ? `robots that clean solar panels, variant ${n}` : `solar OR panel${n}` },
      });
      return answer.status === 200 ? 'ran' : answer.body.code;
    });
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(FREE + 1);
    expect(outcomes.filter((outcome) => outcome === 'SEARCHES_IN_PROGRESS').length).toBeGreaterThan(0);
    expect(
      outcomes.filter(
        (outcome) => !['ran', 'SEARCH_LIMIT_REACHED', 'SEARCHES_IN_PROGRESS'].includes(outcome),
      ),
    ).toEqual([]);
    expect(await eventsOf(user.uid)).toBe(FREE + 1);
  });

  it('holds the same line for parallel GraphQL searches, and for GraphQL and REST mixed', async () => {
    const user = await freeUser();
    const outcomes = await wavesUntilLimited(async (n) => {
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
    });
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(FREE + 1);
    expect(
      outcomes.filter(
        (outcome) => !['ran', 'SEARCH_LIMIT_REACHED', 'SEARCHES_IN_PROGRESS'].includes(outcome),
      ),
    ).toEqual([]);
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
