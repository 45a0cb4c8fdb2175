import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminError,
  parseAdminCommand,
  runAdminCommand,
  UsageError,
} from '@patentscout/server/admin/commands';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { account, startAnalyticsWorld } from './analytics-fixture.js';
import { call, graphql } from './http.js';

/** Who may read the analytics: analyst API keys (made, refused, revoked) and analyst accounts. */

let app: TestApp;
let analyst: EmulatorUser;
let normal: EmulatorUser;
let apiKey: string;
let apiKeyId: string;

beforeAll(async () => {
  ({ app, analyst, normal, apiKey, apiKeyId } = await startAnalyticsWorld());
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
});

describe('npm run admin -- analyst-key', () => {
  const out = () => {
    const lines: string[] = [];
    return { write: (text: string) => lines.push(text), text: () => lines.join('') };
  };

  it('creates a key for an existing account, lists it and revokes it by e-mail', async () => {
    const user = await createEmulatorUser({ verified: true, name: 'Cli' });
    await account(app, user, 'Cli');
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
