import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminError,
  parseAdminCommand,
  runAdminCommand,
  UsageError,
} from '@patentscout/server/admin/commands';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/**
 * The analytics over a controlled set of events in March 2026 (long before the test runs, so
 * nothing the test's own calls record falls in the range), read with an analyst API key.
 */

let app: TestApp;
let analyst: EmulatorUser;
let normal: EmulatorUser;
let apiKey: string;
let apiKeyId: string;

const RANGE = { from: '2026-03-02', to: '2026-03-16' };
const AGRICULTURE = ['A01', 'A21', 'A22', 'A23', 'A24B', 'C12C', 'C12G', 'C12H', 'C13'];

/** Three controlled accounts: two on the free plan, one on Discover. */
const FREE_A = 'uid-free-a';
const FREE_B = 'uid-free-b';
const PAYING = 'uid-paying';

/** A time for a column Kysely types as generated (the database's default is now()). */
const at = (iso: string) => new Date(iso) as never;

function event(
  user: string,
  kind: 'ai' | 'boolean' | 'oneshot',
  query: string,
  at: string,
  request?: unknown,
) {
  return {
    user_uid: user,
    kind,
    query,
    request: request === undefined ? null : JSON.stringify(request),
    result_count: 1,
    created_at: new Date(at),
  };
}

async function seed(): Promise<void> {
  const db = app.database.db;
  await db
    .insertInto('users')
    .values([
      {
        uid: FREE_A,
        email: 'free-a@example.com',
        name: 'A',
        created_at: at('2026-03-02T09:00:00Z'),
      },
      {
        uid: FREE_B,
        email: 'free-b@example.com',
        name: 'B',
        created_at: at('2026-03-02T10:00:00Z'),
      },
      {
        uid: PAYING,
        email: 'paying@example.com',
        name: 'P',
        created_at: at('2026-03-10T10:00:00Z'),
      },
    ])
    .execute();
  await givePaidPlan(db, PAYING);
  // Outside the range: a sign-up and a search the day before, and one on the range's end.
  await db
    .insertInto('users')
    .values({
      uid: 'uid-early',
      email: 'early@example.com',
      name: 'E',
      created_at: at('2026-03-01T23:59:59Z'),
    })
    .execute();
  await db
    .insertInto('search_events')
    .values([
      // Monday 2 March (ISO week 2026-03-02)
      event(FREE_A, 'ai', 'Solar panel cleaning robot', '2026-03-02T08:00:00Z', {
        query: 'Solar panel cleaning robot',
        jurisdiction: ['US', 'EP'],
        ipc_filters: AGRICULTURE,
      }),
      event(FREE_A, 'ai', ' solar panel cleaning robot ', '2026-03-02T09:00:00Z', {
        query: ' solar panel cleaning robot ',
        jurisdiction: ['US'],
      }),
      event(FREE_A, 'boolean', 'title:(drone)', '2026-03-03T09:00:00Z', {
        query: 'title:(drone)',
        years: [2010, 2020],
      }),
      event(FREE_B, 'ai', 'battery thermal management system', '2026-03-03T10:00:00Z', {
        query: 'battery thermal management system',
        legal_status: ['ACTIVE'],
      }),
      // Tuesday 10 March (ISO week 2026-03-09)
      event(PAYING, 'ai', 'Solar panel cleaning robot', '2026-03-10T11:00:00Z', {
        query: 'Solar panel cleaning robot',
        jurisdiction: ['DE'],
        ipc_filters: [...AGRICULTURE, 'B01'],
      }),
      event(PAYING, 'oneshot', 'battery thermal management system', '2026-03-10T12:00:00Z'),
      event(FREE_A, 'ai', 'water purification membrane', '2026-03-15T23:59:59Z', {
        query: 'water purification membrane',
        // Every year: the default, not a filter the user chose.
        years: [1824, 2050],
      }),
      // Outside
      event('uid-early', 'ai', 'outside the range before', '2026-03-01T23:59:59Z', {
        query: 'x',
        jurisdiction: ['FR'],
      }),
      event(FREE_B, 'ai', 'outside the range after', '2026-03-16T00:00:00Z', { query: 'x' }),
    ])
    .execute();
  await db
    .insertInto('page_views')
    .values([
      {
        path: '/home',
        referrer: null,
        user_uid: FREE_A,
        session_id: 'session-1',
        viewed_at: new Date('2026-03-02T08:00:00Z'),
      },
      {
        path: '/home?tab=oneshot',
        referrer: null,
        user_uid: FREE_A,
        session_id: 'session-1',
        viewed_at: new Date('2026-03-02T08:01:00Z'),
      },
      {
        path: '/patents/000-111-222-333-444',
        referrer: null,
        user_uid: null,
        session_id: 'session-2',
        viewed_at: new Date('2026-03-04T08:00:00Z'),
      },
      {
        path: '/patents/999-111-222-333-444',
        referrer: null,
        user_uid: null,
        session_id: 'session-2',
        viewed_at: new Date('2026-03-04T08:01:00Z'),
      },
      {
        path: '/patents/555-111-222-333-444',
        referrer: null,
        user_uid: null,
        session_id: 'session-3',
        viewed_at: new Date('2026-03-05T08:01:00Z'),
      },
      // A signed-in visitor who did not search: active all the same.
      {
        path: '/',
        referrer: null,
        user_uid: 'uid-early',
        session_id: 'session-4',
        viewed_at: new Date('2026-03-06T08:00:00Z'),
      },
      {
        path: '/',
        referrer: null,
        user_uid: null,
        session_id: 'session-5',
        viewed_at: new Date('2026-03-17T08:00:00Z'),
      },
    ])
    .execute();
  // The plan's history: what started and ended when (a renewal and a duplicate count neither way).
  const change = (id: string, kind: string, when: string) => ({
    subscription_id: id,
    user_uid: PAYING,
    change: kind,
    status: 'active',
    set_by: 'test',
    changed_at: at(when),
  });
  await db
    .insertInto('plan_subscription_changes')
    .values([
      change('sub_1', 'started', '2026-03-10T10:05:00Z'),
      change('sub_1', 'renewed', '2026-03-10T10:05:01Z'),
      change('sub_2', 'started', '2026-03-03T10:05:00Z'),
      change('sub_2', 'ended', '2026-03-12T10:05:00Z'),
      change('sub_3', 'duplicate-ended', '2026-03-12T11:05:00Z'),
      change('sub_1', 'ended', '2026-04-12T10:05:00Z'),
    ])
    .execute();
  await sql`INSERT INTO index_runs (query, published_since, status, started_at, finished_at, read, inserted, updated, skipped)
            VALUES ('', '2026-01-01', 'failed', '2026-03-01T03:00:00Z', '2026-03-01T03:10:00Z', 10, 0, 0, 0),
                   ('', '2026-03-01', 'succeeded', '2026-03-08T03:00:00Z', '2026-03-08T03:20:00Z', 120, 100, 15, 5)`.execute(
    db,
  );
  await insertPatents(db, [
    patentRow({
      lens_id: '100-000-000-000-001',
      title: 'SOLAR PANEL CLEANING ROBOT',
      abstract: 'A robot that cleans solar panels on a roof.',
      jurisdiction: 'US',
      date_published: '2018-05-01',
      owners: ['SUNBOT INC'],
      ipc_symbols: ['H02S40/10', 'B08B1/00'],
      first_ipc: 'H02S40/10',
    }),
    patentRow({
      lens_id: '100-000-000-000-002',
      title: 'SOLAR PANEL CLEANING DRONE',
      abstract: 'A drone that cleans solar panels.',
      jurisdiction: 'EP',
      date_published: '2020-02-01',
      owners: ['SUNBOT INC', 'SKY CLEAN GMBH'],
      ipc_symbols: ['H02S40/10', 'H02S40/12'],
      first_ipc: 'H02S40/10',
    }),
    patentRow({
      lens_id: '100-000-000-000-003',
      title: 'SOLAR PANEL WITH SELF CLEANING COATING',
      abstract: 'A coating on solar panels that keeps them clean.',
      jurisdiction: 'US',
      date_published: '2020-07-01',
      owners: [],
      applicants: ['COATINGS LLC'],
      ipc_symbols: ['C09D5/00'],
      first_ipc: 'C09D5/00',
      ai_generated_at: null,
      ai_title: null,
      ai_summary: null,
      ai_types: null,
      ai_uses: null,
    }),
    patentRow({
      lens_id: '100-000-000-000-004',
      title: 'PIZZA OVEN',
      abstract: 'A wood-fired oven for pizza.',
      jurisdiction: 'IT',
      date_published: '2015-01-01',
      patent_status: 'EXPIRED',
      ipc_symbols: ['A21B1/00'],
      first_ipc: 'A21B1/00',
    }),
  ]);
  await sql`UPDATE patents SET ai_generated_at = now() WHERE ai_title IS NOT NULL`.execute(db);
}

const ANALYTICS = `query Figures($range: AnalyticsRange!) {
  analytics(range: $range) {
    from to searches
    byKind: searchesOverTime(interval: DAY, by: KIND) { start series count }
    byPlan: searchesOverTime(interval: WEEK, by: PLAN) { start series count }
    topQueries(limit: 2) { value count }
    topFilters(limit: 30) { filter value count }
    topIndustries { value label count }
    topCountries { value label count }
    signUps(interval: WEEK) { start series count }
    activeUsers
    freeUsersAtLimit
    subscriptions { started cancelled activeNow overTime(interval: WEEK) { start series count } }
    pageViewsByRoute { value count }
  }
}`;

const CORPUS = `query Corpus($range: AnalyticsRange!) {
  analytics(range: $range) {
    corpus {
      patents
      byYear { value count }
      byCountry(limit: 3) { value label count }
      byStatus { value count }
      enrichmentCoverage { enriched total ratio }
      lastReindexRun { status read inserted updated skipped startedAt finishedAt }
    }
  }
}`;

const LANDSCAPE = `query Landscape($input: LandscapeInput!) {
  landscape(input: $input) {
    basis counted total estimated
    byYear { value count }
    topOwners(limit: 5) { value count }
    topIpcClasses { value count }
    byCountry { value label count }
  }
}`;

async function account(user: EmulatorUser, name: string): Promise<void> {
  await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
}

beforeAll(async () => {
  app = await startTestApp({ runJobs: false, env: { FREE_SEARCHES_PER_MONTH: '3' } });
  analyst = await createEmulatorUser({ verified: true, name: 'Ana' });
  normal = await createEmulatorUser({ verified: true, name: 'Norm' });
  await account(analyst, 'Ana');
  await account(normal, 'Norm');
  await seed();
  const created = await app.services.analytics.keys.create({ email: analyst.email, label: 'test' });
  apiKey = created.key;
  apiKeyId = created.record.id;
});
afterAll(() => app.close());

describe('analyst API keys', () => {
  it('are psk_ and 43 base64url characters, stored only as a hash', async () => {
    expect(apiKey).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    const stored = await app.database.db.selectFrom('analyst_keys').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(apiKey.slice(4));
    const flagged = await app.database.db
      .selectFrom('users')
      .select('analyst')
      .where('uid', '=', analyst.uid)
      .executeTakeFirstOrThrow();
    expect(flagged.analyst).toBe(true);
  });

  it('read the analytics, with the exact figures of the controlled events', async () => {
    const answer = await graphql(app.baseUrl, ANALYTICS, { range: RANGE }, apiKey);
    expect(answer.errors).toBeUndefined();
    const figures = answer.data.analytics;
    expect(figures.from).toBe('2026-03-02T00:00:00.000Z');
    expect(figures.to).toBe('2026-03-16T00:00:00.000Z');
    expect(figures.searches).toBe(7);
    expect(figures.byKind).toEqual([
      { start: '2026-03-02', series: 'ai', count: 2 },
      { start: '2026-03-03', series: 'ai', count: 1 },
      { start: '2026-03-03', series: 'boolean', count: 1 },
      { start: '2026-03-10', series: 'ai', count: 1 },
      { start: '2026-03-10', series: 'oneshot', count: 1 },
      { start: '2026-03-15', series: 'ai', count: 1 },
    ]);
    expect(figures.byPlan).toEqual([
      { start: '2026-03-02', series: 'free', count: 4 },
      { start: '2026-03-09', series: 'discover', count: 2 },
      { start: '2026-03-09', series: 'free', count: 1 },
    ]);
    expect(figures.topQueries).toEqual([
      { value: 'solar panel cleaning robot', count: 3 },
      { value: 'battery thermal management system', count: 2 },
    ]);
    expect(figures.topFilters).toEqual(
      expect.arrayContaining([
        { filter: 'jurisdiction', value: 'US', count: 2 },
        { filter: 'jurisdiction', value: 'EP', count: 1 },
        { filter: 'jurisdiction', value: 'DE', count: 1 },
        { filter: 'ipc_filters', value: 'A01', count: 2 },
        { filter: 'ipc_filters', value: 'B01', count: 1 },
        { filter: 'years', value: '2010-2020', count: 1 },
        { filter: 'legal_status', value: 'ACTIVE', count: 1 },
      ]),
    );
    expect(figures.topFilters.filter((entry: { filter: string }) => entry.filter === 'years')).toEqual([
      { filter: 'years', value: '2010-2020', count: 1 },
    ]);
    expect(figures.topFilters[0]).toMatchObject({ count: 2 });
    expect(figures.topIndustries).toEqual([
      { value: 'agriculture_and_food', label: 'Agriculture & Food', count: 2 },
    ]);
    expect(figures.topCountries).toEqual([
      { value: 'US', label: 'United States', count: 2 },
      { value: 'DE', label: expect.any(String), count: 1 },
      { value: 'EP', label: expect.any(String), count: 1 },
    ]);
    expect(figures.signUps).toEqual([
      { start: '2026-03-02', series: 'total', count: 2 },
      { start: '2026-03-09', series: 'total', count: 1 },
    ]);
    // FREE_A, FREE_B, PAYING searched; uid-early only viewed a page while signed in.
    expect(figures.activeUsers).toBe(4);
    // March up to the range's end: FREE_A has 4 searches (above 3), FREE_B 1; PAYING is on Discover.
    expect(figures.freeUsersAtLimit).toBe(1);
    expect(figures.subscriptions).toEqual({
      started: 2,
      cancelled: 1,
      activeNow: 1,
      overTime: [
        { start: '2026-03-02', series: 'started', count: 1 },
        { start: '2026-03-09', series: 'cancelled', count: 1 },
        { start: '2026-03-09', series: 'started', count: 1 },
      ],
    });
    expect(figures.pageViewsByRoute).toEqual([
      { value: '/patents/:id', count: 3 },
      { value: '/home', count: 2 },
      { value: '/', count: 1 },
    ]);
  });

  it('read the corpus figures and the last re-index run', async () => {
    const answer = await graphql(app.baseUrl, CORPUS, { range: RANGE }, apiKey);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.analytics.corpus).toEqual({
      patents: 4,
      byYear: [
        { value: '2015', count: 1 },
        { value: '2018', count: 1 },
        { value: '2020', count: 2 },
      ],
      byCountry: [
        { value: 'US', label: 'United States', count: 2 },
        { value: 'EP', label: expect.any(String), count: 1 },
        { value: 'IT', label: 'Italy', count: 1 },
      ],
      byStatus: [
        { value: 'ACTIVE', count: 3 },
        { value: 'EXPIRED', count: 1 },
      ],
      enrichmentCoverage: { enriched: 3, total: 4, ratio: 0.75 },
      lastReindexRun: {
        status: 'succeeded',
        read: 120,
        inserted: 100,
        updated: 15,
        skipped: 5,
        startedAt: '2026-03-08T03:00:00.000Z',
        finishedAt: '2026-03-08T03:20:00.000Z',
      },
    });
  });

  it('answer a landscape: a search as aggregates, counted toward no allowance', async () => {
    const before = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const answer = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'ADVANCED', query: 'title:(solar)' } },
      apiKey,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.landscape).toEqual({
      basis: 'all 3 matches',
      counted: 3,
      total: 3,
      estimated: false,
      byYear: [
        { value: '2018', count: 1 },
        { value: '2020', count: 2 },
      ],
      topOwners: [
        { value: 'SUNBOT INC', count: 2 },
        { value: 'COATINGS LLC', count: 1 },
        { value: 'SKY CLEAN GMBH', count: 1 },
      ],
      topIpcClasses: [
        { value: 'H02S', count: 2 },
        { value: 'B08B', count: 1 },
        { value: 'C09D', count: 1 },
      ],
      byCountry: [
        { value: 'US', label: 'United States', count: 2 },
        { value: 'EP', label: expect.any(String), count: 1 },
      ],
    });
    const ai = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'AI', query: 'a robot or drone that cleans solar panels', jurisdiction: ['EP'] } },
      apiKey,
    );
    expect(ai.errors).toBeUndefined();
    expect(ai.data.landscape).toMatchObject({
      basis: 'all 1 matches',
      counted: 1,
      byCountry: [{ value: 'EP', count: 1 }],
    });
    const after = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuse a landscape query it cannot read, and two searches in one operation', async () => {
    const bad = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'ADVANCED', query: 'title:(' } },
      apiKey,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_SYNTAX', status: 400 });
    const two = await graphql(
      app.baseUrl,
      `
        {
          a: landscape(input: { kind: ADVANCED, query: "solar" }) {
            counted
          }
          b: landscape(input: { kind: ADVANCED, query: "robot" }) {
            counted
          }
        }
      `,
      {},
      apiKey,
    );
    expect(two.errors?.[0]?.message).toBe(
      'One search per request, please: this operation asks for 2 searches.',
    );
    expect(two.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it("are refused a user's private fields with FORBIDDEN, and REST altogether", async () => {
    for (const document of [
      '{ favourites { id } }',
      '{ viewerAccount { email } }',
      '{ savedSearches { id } }',
      '{ previousSearches { id } }',
      '{ searchCount }',
      'mutation { createCheckoutSession(plan: "discover") { url } }',
      'mutation { aiSearch(input: { query: "solar panel cleaning robots for roofs" }) { results { total } } }',
      'mutation { addFavourite(input: { doc_key: "x", patent_title: "y", lens_id: "z" }) { favourite { id } } }',
    ]) {
      const answer = await graphql(app.baseUrl, document, {}, apiKey);
      expect(
        Object.values(answer.data ?? {}).every((value) => value === null),
        document,
      ).toBe(true);
      expect(answer.errors?.[0]?.extensions, document).toMatchObject({ code: 'FORBIDDEN', status: 403 });
      expect(answer.errors?.[0]?.message).toMatch(/analyst API key/);
    }
    // Beside an allowed field, the private one alone is refused.
    const mixed = await graphql(
      app.baseUrl,
      `
        {
          ok
          favourites {
            id
          }
        }
      `,
      {},
      apiKey,
    );
    expect(mixed.errors?.[0]).toMatchObject({ path: ['favourites'], extensions: { code: 'FORBIDDEN' } });
    const rest = await call(app.baseUrl, 'GET', '/api/v1/favourites', { token: apiKey });
    expect(rest).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    // Public patent data is open to a key.
    const patent = await graphql(
      app.baseUrl,
      '{ patent(lensId: "100-000-000-000-001") { data { lens_id } } }',
      {},
      apiKey,
    );
    expect(patent.data.patent.data.lens_id).toBe('100-000-000-000-001');
  });

  it('stop working once revoked; an unknown key never works', async () => {
    const extra = await app.services.analytics.keys.create({ email: analyst.email, label: 'to revoke' });
    expect(
      (
        await graphql(
          app.baseUrl,
          '{ analytics(range: { from: "2026-03-01", to: "2026-03-02" }) { searches } }',
          {},
          extra.key,
        )
      ).data.analytics.searches,
    ).toBe(1);
    expect(await app.services.analytics.keys.revoke({ id: extra.record.id })).toEqual([extra.record.id]);
    const revoked = await graphql(
      app.baseUrl,
      '{ analytics(range: { from: "2026-03-01", to: "2026-03-02" }) { searches } }',
      {},
      extra.key,
    );
    expect(revoked.status).toBe(401);
    const unknown = await call(app.baseUrl, 'POST', '/graphql', {
      token: `psk_${'A'.repeat(43)}`,
      body: { query: '{ ok }' },
    });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'TOKEN_INVALID' } });
    // The first key still works, and its use is recorded.
    expect((await graphql(app.baseUrl, '{ ok }', {}, apiKey)).data).toEqual({ ok: true });
    const used = await app.database.db
      .selectFrom('analyst_keys')
      .select('last_used_at')
      .where('id', '=', apiKeyId)
      .executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
  });
});

describe('who may read the analytics', () => {
  const QUERY = '{ analytics(range: { from: "2026-03-02", to: "2026-03-16" }) { searches } }';

  it('refuses a signed-out caller (401) and a normal user (403)', async () => {
    const signedOut = await graphql(app.baseUrl, QUERY);
    expect(signedOut.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_AUTHENTICATED', status: 401 });
    const user = await graphql(app.baseUrl, QUERY, {}, normal.idToken);
    expect(user.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const landscape = await graphql(
      app.baseUrl,
      '{ landscape(input: { kind: ADVANCED, query: "solar" }) { counted } }',
      {},
      normal.idToken,
    );
    expect(landscape.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const account = await graphql(app.baseUrl, '{ viewerAccount { analyst } }', {}, normal.idToken);
    expect(account.data.viewerAccount.analyst).toBe(false);
  });

  it('opens them to a signed-in analyst account, whose own data stays its own', async () => {
    const answer = await graphql(app.baseUrl, QUERY, {}, analyst.idToken);
    expect(answer.data.analytics.searches).toBe(7);
    const account = await graphql(app.baseUrl, '{ viewerAccount { email analyst } }', {}, analyst.idToken);
    expect(account.data.viewerAccount).toEqual({ email: analyst.email, analyst: true });
  });

  it('checks the range', async () => {
    const backwards = await graphql(
      app.baseUrl,
      '{ analytics(range: { from: "2026-03-16", to: "2026-03-02" }) { searches } }',
      {},
      apiKey,
    );
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    const garbage = await graphql(
      app.baseUrl,
      '{ analytics(range: { from: "yesterday", to: "2026-03-02" }) { searches } }',
      {},
      apiKey,
    );
    expect(garbage.errors?.[0]?.message).toMatch(/from: must be an ISO date/);
  });
});

describe('npm run admin -- analyst-key', () => {
  const out = () => {
    const lines: string[] = [];
    return { write: (text: string) => lines.push(text), text: () => lines.join('') };
  };

  it('creates a key for an existing account, lists it and revokes it by e-mail', async () => {
    const user = await createEmulatorUser({ verified: true, name: 'Cli' });
    await account(user, 'Cli');
    const url = app.database.url;
    const created = out();
    await runAdminCommand(
      parseAdminCommand(['analyst-key', 'create', '--email', user.email, '--label', 'laptop'], url) as never,
      created,
    );
    const key = /psk_[A-Za-z0-9_-]{43}/.exec(created.text())?.[0];
    expect(key).toBeDefined();
    expect((await graphql(app.baseUrl, '{ ok }', {}, key)).status).toBe(200);

    const listed = out();
    await runAdminCommand(parseAdminCommand(['analyst-key', 'list'], url) as never, listed);
    expect(listed.text()).toContain(`${user.email}\tlaptop`);
    expect(listed.text()).not.toContain(key!);

    const revoked = out();
    await runAdminCommand(
      parseAdminCommand(['analyst-key', 'revoke', '--email', user.email], url) as never,
      revoked,
    );
    expect(revoked.text()).toMatch(/^Revoked key \d+\.$/m);
    expect((await graphql(app.baseUrl, '{ ok }', {}, key)).status).toBe(401);
  });

  it('refuses an unknown account and a bad command line', async () => {
    await expect(
      runAdminCommand(
        parseAdminCommand(
          ['analyst-key', 'create', '--email', 'nobody@example.com'],
          app.database.url,
        ) as never,
        out(),
      ),
    ).rejects.toThrow(AdminError);
    expect(() => parseAdminCommand(['analyst-key', 'revoke'], app.database.url)).toThrow(UsageError);
    expect(() => parseAdminCommand(['analyst-key', 'list', '--email', 'x'], app.database.url)).toThrow(
      UsageError,
    );
    expect(() => parseAdminCommand(['analyst-keys'], app.database.url)).toThrow(UsageError);
  });

  it('says that npm start must run when the database cannot be reached', async () => {
    await expect(
      runAdminCommand({ name: 'list', databaseUrl: 'postgres://postgres:x@127.0.0.1:1/none' }, out()),
    ).rejects.toThrow(/npm start/);
  });
});
