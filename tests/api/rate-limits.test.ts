import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { givePaidPlan } from '@patentscout/server/testing/plans';

const LOW = {
  RATE_LIMIT_SEARCHES_PER_MINUTE: '3',
  RATE_LIMIT_SIGNUPS_PER_HOUR: '2',
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: '2',
  RATE_LIMIT_REQUESTS_PER_MINUTE: '6',
};

async function post(app: TestApp, path: string, body: unknown, token?: string) {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

async function userOf(app: TestApp): Promise<EmulatorUser> {
  const user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Ray' })
    .execute();
  await givePaidPlan(app.database.db, user.uid);
  return user;
}

const search = (app: TestApp, token: string, n: number) =>
  post(app, '/api/v1/ai-search', { query: `robots that clean solar panels, attempt ${n}` }, token);

function expectLimited(answer: {
  status: number;
  retryAfter: string | null;
  body: { code?: string; message?: string };
}) {
  expect(answer.status).toBe(429);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(answer.body.code).toBe('RATE_LIMITED');
  expect(answer.body.message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
}

describe('rate limits (in memory)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: LOW });
  });
  afterAll(() => app.close());

  it('limits searches per user across REST and GraphQL, leaving other users alone', async () => {
    const [first, second] = [await userOf(app), await userOf(app)];
    for (const n of [1, 2]) expect((await search(app, first.idToken, n)).status).toBe(200);
    const viaGraphql = await post(
      app,
      '/graphql',
      {
        query: 'mutation S($i: SearchInput!) { aiSearch(input: $i) { account { searchCount } } }',
        variables: { i: { query: 'robots that clean solar panels, attempt 3' } },
      },
      first.idToken,
    );
    expect(viaGraphql.status).toBe(200);
    expectLimited(await search(app, first.idToken, 4));
    expectLimited(
      await post(
        app,
        '/graphql',
        {
          query:
            'mutation { aiSearch(input: {query: "robots that clean solar panels again"}) { account { searchCount } } }',
        },
        first.idToken,
      ),
    );
    expect((await search(app, second.idToken, 1)).status).toBe(200);
    // An analyst's landscape is a search of up to 10,000 matches: it draws on the same budget.
    expectLimited(
      await post(
        app,
        '/graphql',
        { query: '{ landscape(input: {kind: ADVANCED, query: "solar"}) { counted } }' },
        first.idToken,
      ),
    );
  });

  it('limits sign-ups and webhook calls per address', async () => {
    const signUp = (n: number) =>
      post(app, '/api/register', {
        email: `rate-${n}-${Date.now()}@example.com`,
        name: 'Rate',
        password: 'a-long-password',
      });
    expect((await signUp(1)).status).toBe(201);
    expect((await signUp(2)).status).toBe(201);
    expectLimited(await signUp(3));

    for (let n = 0; n < 2; n += 1) expect((await post(app, '/payments/webhook', {})).status).toBe(400);
    expectLimited(await post(app, '/payments/webhook', {}));
  });

  it('limits searching operations sent over GET as over POST, and takes no operation by hash alone', async () => {
    const user = await userOf(app);
    const analyst = await app.services.analytics.keys.create({ email: user.email });
    const landscape = encodeURIComponent(
      '{ landscape(input: { kind: ADVANCED, query: "title:robot" }) { counted } }',
    );
    const get = () =>
      fetch(`${app.baseUrl}/graphql?query=${landscape}`, {
        headers: { authorization: `Bearer ${analyst.key}`, 'apollo-require-preflight': 'true' },
      });
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await get()).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await get();
    expect((await refused.json()).code).toBe('RATE_LIMITED');

    // An operation sent as a persisted hash would hide its fields from the budget.
    const hashOnly = await post(app, '/graphql', {
      extensions: { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } },
    });
    expect(hashOnly.body.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
  });

  it('limits every other API request per user', async () => {
    const user = await userOf(app);
    const read = () =>
      fetch(`${app.baseUrl}/api/users/searchCount`, { headers: { authorization: `Bearer ${user.idToken}` } });
    for (let n = 0; n < 6; n += 1) expect((await read()).status).toBe(200);
    const limited = await read();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('rate limits shared through Postgres (RATE_LIMIT_STORE=postgres)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ...LOW, RATE_LIMIT_STORE: 'postgres' } });
  });
  afterAll(() => app.close());

  it('counts in the database, so every instance sees the same budget', async () => {
    const user = await userOf(app);
    for (const n of [1, 2, 3]) expect((await search(app, user.idToken, n)).status).toBe(200);
    expectLimited(await search(app, user.idToken, 4));
    const rows = await app.database.db.selectFrom('rate_limit_hits').select(['key', 'count']).execute();
    expect(rows).toEqual(expect.arrayContaining([{ key: `search:user:${user.uid}`, count: 4 }]));
  });
});

describe('rate limits behind a load balancer (TRUSTED_PROXIES=1)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { ...LOW, TRUSTED_PROXIES: '1' } });
  });
  afterAll(() => app.close());

  it("counts per client address from X-Forwarded-For, not the balancer's", async () => {
    // A registration without its fields: refused (400) once counted, so no identity is made.
    const registerFrom = (address: string) =>
      fetch(`${app.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({}),
      }).then((response) => response.status);
    expect([
      await registerFrom('203.0.113.1'),
      await registerFrom('203.0.113.1'),
      await registerFrom('203.0.113.1'),
    ]).toEqual([400, 400, 429]);
    expect(await registerFrom('203.0.113.2')).toBe(400);
  });
});
