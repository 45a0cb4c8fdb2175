import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';

/**
 * The analytics' world: a controlled set of events in March 2026 (long before the tests run, so
 * nothing their own calls record falls in the range), an analyst with an API key and a normal
 * user; each analytics test file starts its own.
 */

export const RANGE = { from: '2026-03-02', to: '2026-03-16' };
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

async function seed(db: Db): Promise<void> {
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

export async function account(app: TestApp, user: EmulatorUser, name: string): Promise<void> {
  await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
}

export interface AnalyticsWorld {
  app: TestApp;
  analyst: EmulatorUser;
  normal: EmulatorUser;
  apiKey: string;
  apiKeyId: string;
}

export async function startAnalyticsWorld(): Promise<AnalyticsWorld> {
  const app = await startTestApp({ runJobs: false, env: { FREE_SEARCHES_PER_MONTH: '3' } });
  const analyst = await createEmulatorUser({ verified: true, name: 'Ana' });
  const normal = await createEmulatorUser({ verified: true, name: 'Norm' });
  await account(app, analyst, 'Ana');
  await account(app, normal, 'Norm');
  await seed(app.database.db);
  const created = await app.services.analytics.keys.create({ email: analyst.email, label: 'test' });
  return { app, analyst, normal, apiKey: created.key, apiKeyId: created.record.id };
}
