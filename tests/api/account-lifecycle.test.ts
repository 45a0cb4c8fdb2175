import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  confirmEmulatorEmailChange,
  createEmulatorUser,
  signInEmulatorUser,
  type EmulatorUser,
} from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

const DAY_MS = 24 * 3600_000;
let app: TestApp;
let now = new Date('2026-11-25T10:00:00Z');

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => now } });
  await insertPatents(app.database.db, [patentRow({ lens_id: '000-111-222-333-444', title: 'KEPT PATENT' })]);
});
afterAll(() => app.close());

async function newAccount(name = 'Ada'): Promise<EmulatorUser> {
  const user = await createEmulatorUser({ verified: true, name });
  await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
  return user;
}

const row = (uid: string) =>
  app.database.db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();

describe('PATCH /api/users', () => {
  it('changes the name (one character is enough), and refuses signed-out callers, malformed bodies and another user’s row', async () => {
    const user = await newAccount();
    const other = await newAccount('Bob');
    expect(
      (await call(app.baseUrl, 'PATCH', '/api/users', { token: '', body: { name: 'Eve' } })).status,
    ).toBe(401);
    for (const body of [{}, { name: '  ' }, { email: 'not-an-address' }, { name: 'Ada L', role: 'admin' }]) {
      const refused = await call(app.baseUrl, 'PATCH', '/api/users', { token: user.idToken, body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_FAILED');
    }
    const forbidden = await call(app.baseUrl, 'PATCH', '/api/users', {
      token: user.idToken,
      body: { uid: other.uid, name: 'Hijacked' },
    });
    expect(forbidden.status).toBe(403);
    expect((await row(other.uid))!.name).toBe('Bob');

    const renamed = await call(app.baseUrl, 'PATCH', '/api/users', {
      token: user.idToken,
      body: { email: user.email, name: 'Ada Lovelace' },
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Ada Lovelace', email: user.email } });
    expect((await row(user.uid))!.name).toBe('Ada Lovelace');
    // The form's "at least two characters" is a hint the specification does not enforce (§5).
    const initial = await call(app.baseUrl, 'PATCH', '/api/users', {
      token: user.idToken,
      body: { email: user.email, name: 'A' },
    });
    expect(initial).toMatchObject({ status: 200, body: { name: 'A', email: user.email } });
  });

  it('is also the GraphQL mutation updateAccount, for the caller’s own row only', async () => {
    const user = await newAccount('Gia');
    const update = (input: object, token = user.idToken) =>
      graphql(
        app.baseUrl,
        'mutation($input: UpdateAccountInput!) { updateAccount(input: $input) { account { name email } } }',
        { input },
        token,
      );
    expect((await update({ name: 'Gia Renamed' })).data.updateAccount.account).toEqual({
      name: 'Gia Renamed',
      email: user.email,
    });
    expect((await row(user.uid))!.name).toBe('Gia Renamed');
    // The browser sends both fields, as the specification's payload; a one-character name is taken.
    expect((await update({ email: user.email, name: 'G' })).data.updateAccount.account).toEqual({
      name: 'G',
      email: user.email,
    });
    expect((await update({ name: '' })).errors?.[0]?.extensions?.code).toBe('VALIDATION_FAILED');
    expect((await update({ name: 'Nobody' }, '')).errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });

  it('keeps the e-mail until the identity provider has the new one, then follows the token', async () => {
    const user = await newAccount();
    const newEmail = `moved-${user.email}`;
    const early = await call(app.baseUrl, 'PATCH', '/api/users', {
      token: user.idToken,
      body: { email: newEmail },
    });
    expect(early).toMatchObject({ status: 200, body: { email: user.email } });
    expect((await row(user.uid))!.email).toBe(user.email);

    await confirmEmulatorEmailChange(user.uid, newEmail);
    const signedIn = await signInEmulatorUser(newEmail);
    expect(signedIn).toHaveProperty('idToken');
    const token = (signedIn as { idToken: string }).idToken;
    const account = await graphql(app.baseUrl, '{ viewerAccount { email } }', {}, token);
    expect(account.data.viewerAccount.email).toBe(newEmail);
    expect((await row(user.uid))!.email).toBe(newEmail);
  });

  it('answers 409 for an e-mail another account holds', async () => {
    const user = await newAccount();
    const taken = await newAccount('Taken');
    await confirmEmulatorEmailChange(taken.uid, `spare-${taken.email}`);
    await confirmEmulatorEmailChange(user.uid, taken.email);
    const token = ((await signInEmulatorUser(taken.email)) as { idToken: string }).idToken;
    const response = await call(app.baseUrl, 'PATCH', '/api/users', { token, body: { email: taken.email } });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('EMAIL_ALREADY_REGISTERED');
  });
});

describe('DELETE /api/users', () => {
  it('refuses another e-mail, then closes the account at once: no API access, no sign-in, a fresh account on re-registration', async () => {
    const user = await newAccount();
    await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
      token: user.idToken,
      body: { doc_key: 'US_1_A', patent_title: 'KEPT PATENT', lens_id: '000-111-222-333-444' },
    });
    const wrong = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: user.idToken,
      body: { email: 'someone@else.com' },
    });
    expect(wrong.status).toBe(403);
    expect((await call(app.baseUrl, 'DELETE', '/api/users', { token: user.idToken, body: {} })).status).toBe(
      400,
    );
    expect((await row(user.uid))!.deleted_at).toBeNull();

    const deleted = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: user.idToken,
      body: { email: user.email.toUpperCase() },
    });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect((await row(user.uid))!.deleted_at).not.toBeNull();

    const after = await call(app.baseUrl, 'GET', '/api/users', { token: user.idToken });
    expect(after).toMatchObject({ status: 401, body: { code: 'ACCOUNT_DELETED' } });
    expect((await call(app.baseUrl, 'GET', '/api/v1/favourites', { token: user.idToken })).status).toBe(401);
    expect(await signInEmulatorUser(user.email)).toEqual({ error: 'EMAIL_NOT_FOUND' });

    const again = await call(app.baseUrl, 'POST', '/api/register', {
      body: { email: user.email, name: 'Ada Again', password: 'a-long-password' },
    });
    expect(again.status).toBe(201);
    expect(again.body.uid).not.toBe(user.uid);
    const fresh = await row(again.body.uid as string);
    expect(fresh).toMatchObject({ email: user.email, name: 'Ada Again', deleted_at: null });
  });

  it('is also a GraphQL mutation', async () => {
    const user = await newAccount();
    const result = await graphql(
      app.baseUrl,
      'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { deleted } }',
      { input: { email: user.email } },
      user.idToken,
    );
    expect(result.data.deleteAccount.deleted).toBe(true);
  });
});

describe('the purge of closed accounts', () => {
  it('removes a closed account’s rows 30 days after the closing, and not before', async () => {
    const gone = await newAccount('Gone');
    const recent = await newAccount('Recent');
    for (const user of [gone, recent]) {
      await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
        token: user.idToken,
        body: { doc_key: 'US_1_A', patent_title: 'KEPT PATENT', lens_id: '000-111-222-333-444' },
      });
      await app.database.db
        .insertInto('search_events')
        .values({ user_uid: user.uid, kind: 'ai', query: 'q', result_count: 1, created_at: now })
        .execute();
      await app.database.db
        .insertInto('saved_searches')
        .values({
          user_uid: user.uid,
          kind: 'ai',
          query: 'q',
          filters: '{}',
          address: '/results?query=q',
          search_key: `k-${user.uid}`,
          created_at: now,
        })
        .execute();
      await app.database.db
        .insertInto('oneshot_requests')
        .values({ user_uid: user.uid, query: 'q', status: 'done', created_at: now, updated_at: now })
        .execute();
      await app.database.db
        .insertInto('search_result_sets')
        .values({
          user_uid: user.uid,
          search_key: 'k',
          kind: 'ai',
          request: '{"query":"q"}',
          lens_ids: [],
          total: 0,
          families: 0,
          estimated: false,
          explanation: null,
          created_at: now,
        })
        .execute();
    }
    await call(app.baseUrl, 'DELETE', '/api/users', { token: gone.idToken, body: { email: gone.email } });
    now = new Date(now.getTime() + 2 * DAY_MS);
    await call(app.baseUrl, 'DELETE', '/api/users', { token: recent.idToken, body: { email: recent.email } });

    now = new Date(now.getTime() + 29 * DAY_MS);
    // With "gone", the accounts the tests above closed on the same day.
    expect(await app.services.accounts.purgeDeleted()).toBeGreaterThanOrEqual(1);
    expect(await row(gone.uid)).toBeUndefined();
    expect(await row(recent.uid)).toBeDefined();
    // A user's rows in each table the purge must empty.
    const tables = {
      favourites: 'favourites',
      searches: 'search_events',
      saved: 'saved_searches',
      oneShots: 'oneshot_requests',
      resultSets: 'search_result_sets',
    } as const;
    const leftovers = async (uid: string) =>
      Object.fromEntries(
        await Promise.all(
          Object.entries(tables).map(async ([name, table]) => [
            name,
            (await app.database.db.selectFrom(table).select('user_uid').where('user_uid', '=', uid).execute())
              .length,
          ]),
        ),
      );
    expect(await leftovers(gone.uid)).toEqual({
      favourites: 0,
      searches: 0,
      saved: 0,
      oneShots: 0,
      resultSets: 0,
    });
    expect(await leftovers(recent.uid)).toEqual({
      favourites: 1,
      searches: 1,
      saved: 1,
      oneShots: 1,
      resultSets: 1,
    });

    now = new Date(now.getTime() + 2 * DAY_MS);
    expect(await app.services.accounts.purgeDeleted()).toBe(1);
    expect(await row(recent.uid)).toBeUndefined();
  });
});
