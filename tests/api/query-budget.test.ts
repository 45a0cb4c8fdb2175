import { readLensQuery } from '@patentscout/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/**
 * Every search's cost is bounded before its SQL runs (QUERY_TOO_COMPLEX, 400, naming the limit,
 * with the browser's very words), and a statement that slips through is cancelled
 * (SEARCH_TIMED_OUT); either way nothing is counted, and a one-shot fails once (ADR 0111).
 */
let app: TestApp;
let user: EmulatorUser;

// Three wildcard words that fit 400 words each: within the cap of one, past the budget of all.
const FITTING = ['zqa', 'zqb', 'zqc'].flatMap((stem) =>
  Array.from({ length: 4 }, (_, part) =>
    patentRow({
      title: `SAMPLE ${part}`,
      abstract: Array.from(
        { length: 100 },
        (_, n) => `${stem}${String(part * 100 + n).padStart(4, '0')}`,
      ).join(' '),
    }),
  ),
);

async function verifiedUser(target: TestApp): Promise<EmulatorUser> {
  const created = await createEmulatorUser({ verified: true });
  await target.database.db
    .insertInto('users')
    .values({ uid: created.uid, email: created.email, name: 'Bea' })
    .execute();
  return created;
}

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [patentRow({ title: 'SOLAR PANEL MOUNT' }), ...FITTING]);
  user = await verifiedUser(app);
});
afterAll(() => app.close());

const advanced = (target: TestApp, token: string, query: string) =>
  call(target.baseUrl, 'POST', '/api/v1/boolean-search', { token, body: { query } });
const searchCount = async (target: TestApp, token: string) =>
  (await call(target.baseUrl, 'GET', '/api/users/searchCount', { token })).body as number;
/** The one-shot request once its run has ended (or after 30 s). */
async function settled(target: TestApp, requestId: string) {
  const deadline = Date.now() + 30_000;
  let request;
  do {
    await new Promise((resolve) => setTimeout(resolve, 250));
    request = await target.database.db
      .selectFrom('oneshot_requests')
      .select(['status', 'error', 'attempts'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
  } while (request.status !== 'failed' && request.status !== 'done' && Date.now() < deadline);
  return request;
}
const oneShotJobs = async (target: TestApp, requestId: string) =>
  (
    await sql<{ state: string; retry_count: number }>`
      SELECT state, retry_count FROM pgboss.job
      WHERE name = 'oneshot.run' AND data->>'requestId' = ${requestId}`.execute(target.database.db)
  ).rows;
const browserMessage = (query: string) => {
  try {
    readLensQuery(query);
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('the query budget', () => {
  it('refuses the 900-word proximity phrase that once stalled the server, at once, counting nothing', async () => {
    const query = `"${Array.from({ length: 900 }, () => 'w').join(' ')}"~50`;
    const response = await advanced(app, user.idToken, query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'phraseWords',
      max: 32,
      message: 'Query error at character 1: a quoted phrase may have at most 32 words; this one has 900.',
    });
    const viaGraphql = await graphql(
      app.baseUrl,
      'mutation($input: SearchInput!) { booleanSearch(input: $input) { results { total } } }',
      { input: { query } },
      user.idToken,
    );
    expect(viaGraphql.errors?.[0]?.extensions).toEqual({ code: 'QUERY_TOO_COMPLEX', status: 400 });
    expect(await searchCount(app, user.idToken)).toBe(0);
    // The server is not held up: a sound search answers as usual.
    expect((await advanced(app, user.idToken, 'title:solar')).body.total).toBe(1);
  });

  it.each([
    ['proximity', '"solar panel"~51'],
    ['proximityDistances', '"solar panel mount"~40 OR "solar panel"~30'],
    ['terms', Array.from({ length: 201 }, (_, n) => `w${n}`).join(' ')],
    ['wildcardWords', Array.from({ length: 11 }, (_, n) => `so${n}*`).join(' ')],
    ['depth', `solar AND ${'NOT '.repeat(41)}panel`],
  ])('refuses a query past the %s limit with the message the Advanced box shows', async (limit, query) => {
    const response = await advanced(app, user.idToken, query);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit });
    expect(response.body.message).toBe(browserMessage(query));
  });

  it('refuses wildcard words that fit more words together than a search reads, and counts nothing', async () => {
    const before = await searchCount(app, user.idToken);
    expect((await advanced(app, user.idToken, 'zqa* OR zqb*')).body.total).toBe(8);
    const response = await advanced(app, user.idToken, 'zqa* OR zqb* OR zqc*');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'wildcardWords', max: 1000 });
    expect(response.body.message).toMatch(/fit 1,200 words together; a search may read at most 1,000/);
    // The first search is counted; the refused one gave its reservation back.
    expect(await searchCount(app, user.idToken)).toBe(before + 1);
  });
});

describe('the statement allowance', () => {
  let slow: TestApp;
  let searcher: EmulatorUser;

  beforeAll(async () => {
    // Every statement of a search runs past a millisecond: each search is cancelled.
    slow = await startTestApp({ env: { SEARCH_STATEMENT_TIMEOUT_MS: '1' } });
    await insertPatents(slow.database.db, [patentRow({ title: 'SOLAR PANEL MOUNT' })]);
    searcher = await verifiedUser(slow);
  });
  afterAll(() => slow.close());

  it('cancels a search that slips through, answers SEARCH_TIMED_OUT and gives its credit back', async () => {
    const response = await advanced(slow, searcher.idToken, 'title:solar');
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      code: 'SEARCH_TIMED_OUT',
      message:
        'This search took longer than 1 ms and was stopped. Try fewer or rarer words, a shorter proximity, or narrower filters.',
    });
    const ai = await call(slow.baseUrl, 'POST', '/api/v1/ai-search', {
      token: searcher.idToken,
      body: { query: 'a mount for solar panels on roofs' },
    });
    expect(ai.body.code).toBe('SEARCH_TIMED_OUT');
    expect(await searchCount(slow, searcher.idToken)).toBe(0);
  });

  it('fails a one-shot whose search is stopped once, with that message, without a retry', async () => {
    const accepted = await call(slow.baseUrl, 'POST', '/api/v1/oneshot-search', {
      token: searcher.idToken,
      body: { query: 'a mount that tilts solar panels toward the sun' },
    });
    expect(accepted.status).toBe(202);
    const { requestId } = accepted.body as { requestId: string };
    const request = await settled(slow, requestId);
    expect(request).toEqual({
      status: 'failed',
      error: expect.stringMatching(/^This search took longer than 1 ms and was stopped/),
      attempts: 1,
    });
    // Its job ended there: completed, not waiting for a retry (pg-boss marks it a moment after the
    // handler has failed the request).
    await vi.waitFor(
      async () =>
        expect(await oneShotJobs(slow, requestId)).toEqual([{ state: 'completed', retry_count: 0 }]),
      { timeout: 15_000, interval: 200 },
    );
    expect(await searchCount(slow, searcher.idToken)).toBe(0);
  });

  it('refuses a one-shot whose Lens query is past the budget before it uses a credit', async () => {
    const before = await searchCount(app, user.idToken);
    const refused = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
      token: user.idToken,
      body: { query: `"${Array.from({ length: 40 }, () => 'solar').join(' ')}"` },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'phraseWords' });
    expect(await searchCount(app, user.idToken)).toBe(before);
  });

  it('fails a one-shot that the engine refuses for its cost once, with the message, without a retry', async () => {
    // The parser accepts three wildcard words; only the engine, reading the index, finds they fit
    // 1,200 words together, so the request is taken and its run is refused.
    const owner = await verifiedUser(app);
    const accepted = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
      token: owner.idToken,
      body: { query: 'zqa* OR zqb* OR zqc*' },
    });
    expect(accepted.status).toBe(202);
    const { requestId } = accepted.body as { requestId: string };
    const request = await settled(app, requestId);
    expect(request).toEqual({
      status: 'failed',
      error: expect.stringMatching(/fit 1,200 words together; a search may read at most 1,000/),
      attempts: 1,
    });
    await vi.waitFor(
      async () => expect(await oneShotJobs(app, requestId)).toEqual([{ state: 'completed', retry_count: 0 }]),
      { timeout: 15_000, interval: 200 },
    );
    // Its credit was given back.
    expect(await searchCount(app, owner.idToken)).toBe(0);
  });
});
