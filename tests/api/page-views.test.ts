import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

const now = new Date('2026-11-25T10:00:00Z');
let app: TestApp;
let user: EmulatorUser;

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now } });
  user = await createEmulatorUser({ verified: true, name: 'Pia' });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Pia' })
    .execute();
});
afterAll(() => app.close());

/** As `navigator.sendBeacon` sends a string: text/plain, no Authorization header. */
const beacon = (body: unknown) =>
  call(app.baseUrl, 'POST', '/api/v1/page-views', {
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
    contentType: 'text/plain;charset=UTF-8',
  });

const viewsOf = (sessionId: string) =>
  app.database.db
    .selectFrom('page_views')
    .select(['path', 'referrer', 'user_uid', 'viewed_at'])
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();

describe('POST /api/v1/page-views', () => {
  it("stores a signed-in browser's batch with its user, without one-time codes, at the views' own times", async () => {
    const answer = await beacon({
      sessionId: 'session-signed-in-1',
      idToken: user.idToken,
      views: [
        { path: '/', referrer: 'https://www.example.org/list?private=1', at: '2026-11-25T09:59:00Z' },
        { path: '/auth/action?mode=verifyEmail&oobCode=SECRET&apiKey=KEY', referrer: '/' },
        { path: '/search/results?q=solar+panel&type=ai', referrer: '/home', at: '2030-01-01T00:00:00Z' },
      ],
    });
    expect(answer).toEqual({ status: 202, body: { recorded: 3 } });
    expect(await viewsOf('session-signed-in-1')).toEqual([
      {
        path: '/',
        referrer: 'https://www.example.org/list',
        user_uid: user.uid,
        viewed_at: new Date('2026-11-25T09:59:00Z'),
      },
      { path: '/auth/action?mode=verifyEmail', referrer: '/', user_uid: user.uid, viewed_at: now },
      // A time in the future is the server's own.
      {
        path: '/search/results?q=solar+panel&type=ai',
        referrer: '/home',
        user_uid: user.uid,
        viewed_at: now,
      },
    ]);
  });

  it('keeps signed-out views (and views with an expired token) anonymous; a bearer header also names the user', async () => {
    expect((await beacon({ sessionId: 'session-anon-01', views: [{ path: '/features' }] })).status).toBe(202);
    expect(
      (await beacon({ sessionId: 'session-anon-01', idToken: 'not-a-token', views: [{ path: '/docs' }] }))
        .status,
    ).toBe(202);
    const withHeader = await call(app.baseUrl, 'POST', '/api/v1/page-views', {
      token: user.idToken,
      body: { sessionId: 'session-header-1', views: [{ path: '/account' }] },
    });
    expect(withHeader.status).toBe(202);
    expect((await viewsOf('session-anon-01')).map((view) => [view.path, view.user_uid])).toEqual([
      ['/features', null],
      ['/docs', null],
    ]);
    expect((await viewsOf('session-header-1'))[0]!.user_uid).toBe(user.uid);
  });

  it('refuses malformed batches with a 400 that names the problem, storing nothing', async () => {
    const before = await app.database.db.selectFrom('page_views').select('id').execute();
    const cases: [unknown, string][] = [
      ['{not json', 'The page views must be sent as JSON.'],
      [{ sessionId: 'x', views: [{ path: '/' }] }, 'sessionId must be 8 to 64'],
      [{ sessionId: 'session-bad-001', views: [] }, 'Send at least one view.'],
      [{ sessionId: 'session-bad-001', views: [{ path: 'https://evil.example/' }] }, 'A path starts with /.'],
      [
        { sessionId: 'session-bad-001', views: Array.from({ length: 51 }, () => ({ path: '/' })) },
        'Send at most 50 views at a time.',
      ],
    ];
    for (const [body, message] of cases) {
      const refused = await beacon(body);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
      expect(refused.body.message).toContain(message);
    }
    expect(await app.database.db.selectFrom('page_views').select('id').execute()).toHaveLength(before.length);
  });
});

describe('forwarding page views (PAGE_VIEWS_FORWARD_URL)', () => {
  it('stores the views and also posts them to the collector, without the one-time codes', async () => {
    const received: unknown[] = [];
    const collector = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const { port } = collector.address() as AddressInfo;
    const forwarding = await startTestApp({
      env: { PAGE_VIEWS_FORWARD_URL: `http://127.0.0.1:${port}/collect` },
    });
    try {
      const answer = await call(forwarding.baseUrl, 'POST', '/api/v1/page-views', {
        body: { sessionId: 'session-forward-1', views: [{ path: '/unsubscribe?token=SECRET&list=weekly' }] },
      });
      expect(answer.status).toBe(202);
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toEqual({
        pageViews: [
          expect.objectContaining({ path: '/unsubscribe?list=weekly', sessionId: 'session-forward-1' }),
        ],
      });
      expect(await forwarding.database.db.selectFrom('page_views').select('path').execute()).toEqual([
        { path: '/unsubscribe?list=weekly' },
      ]);
    } finally {
      await forwarding.close();
      collector.close();
    }
  });
});
