import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('POST /api/register', () => {
  it('creates the identity-provider user and the account, without a sign-in', async () => {
    const email = `new-${randomUUID().slice(0, 8)}@example.com`;
    const response = await call(app.baseUrl, 'POST', '/api/register', {
      body: { email, name: 'Alice', password: 'secret-password' },
    });
    expect(response.status).toBe(201);
    const row = await app.database.db
      .selectFrom('users')
      .selectAll()
      .where('uid', '=', response.body.uid)
      .executeTakeFirst();
    expect(row).toMatchObject({ email, name: 'Alice', deleted_at: null });
  });

  it('refuses a second registration of the same e-mail with 409', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    await call(app.baseUrl, 'POST', '/api/register', {
      body: { email, name: 'Bob', password: 'secret-password' },
    });
    const again = await call(app.baseUrl, 'POST', '/api/register', {
      body: { email, name: 'Bob', password: 'secret-password' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
  });

  it.each([
    [{ email: 'not-an-address', name: 'A', password: 'secret-password' }, /e-mail/],
    [{ email: 'a@example.com', name: '', password: 'secret-password' }, /name/],
    [{ email: 'a@example.com', name: 'A', password: '123456' }, /more than 6 characters/],
  ])('rejects invalid registration %j with 400 and a clear message', async (body, message) => {
    const response = await call(app.baseUrl, 'POST', '/api/register', { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });

  it('answers unreadable JSON with 400, not a crash', async () => {
    const response = await call(app.baseUrl, 'POST', '/api/register', { rawBody: '{"email":' });
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('GET /api/users', () => {
  it('answers 401 "User not authenticated" when signed out', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/users', { token: '' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'User not authenticated', code: 'NOT_AUTHENTICATED' });
  });

  it('answers 401 for a token that does not verify', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/users', { token: 'forged.token.value' });
    expect(response.status).toBe(401);
  });

  it('answers 404 when the signed-in user has no account', async () => {
    const user = await createEmulatorUser({ verified: true });
    const response = await call(app.baseUrl, 'GET', '/api/users', { token: user.idToken });
    expect(response.status).toBe(404);
  });

  it('answers 428 with the account while the e-mail is unverified, 200 once verified', async () => {
    const unverified = await createEmulatorUser({ verified: false, name: 'Una' });
    await app.database.db
      .insertInto('users')
      .values({ uid: unverified.uid, email: unverified.email, name: 'Una' })
      .execute();
    const pending = await call(app.baseUrl, 'GET', '/api/users', { token: unverified.idToken });
    expect(pending.status).toBe(428);
    expect(pending.body).toEqual({ name: 'Una', email: unverified.email, subscriptionStatus: null });

    const verified = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: verified.uid, email: verified.email, name: 'Vera' })
      .execute();
    const ok = await call(app.baseUrl, 'GET', '/api/users', { token: verified.idToken });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Vera', email: verified.email });
  });
});

describe('POST /api/register-google-user and GraphQL viewerAccount', () => {
  it('creates the account of a first Google sign-in and shows it through GraphQL', async () => {
    const user = await createEmulatorUser({ verified: true });
    const response = await call(app.baseUrl, 'POST', '/api/register-google-user', {
      token: user.idToken,
      body: { email: user.email, displayName: 'Gina Google', createdAt: String(Date.now()), uid: user.uid },
    });
    expect(response.status).toBe(200);
    const { data, errors } = await graphql(
      app.baseUrl,
      '{ viewerAccount { name email emailVerified searchCount subscriptionStatus } }',
      {},
      user.idToken,
    );
    expect(errors).toBeUndefined();
    expect(data.viewerAccount).toEqual({
      name: 'Gina Google',
      email: user.email,
      emailVerified: true,
      searchCount: 0,
      subscriptionStatus: null,
    });
  });

  it('answers 409 when another account already holds the e-mail address', async () => {
    const first = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: first.uid, email: first.email, name: 'First' })
      .execute();
    const second = await createEmulatorUser({ verified: true });
    const response = await call(app.baseUrl, 'POST', '/api/register-google-user', {
      token: second.idToken,
      body: { email: first.email.toUpperCase(), displayName: 'Second', createdAt: '1', uid: second.uid },
    });
    expect(response.status).toBe(409);
    expect(response.body.message).toMatch(/already exists/);
  });

  it("refuses to register someone else's uid", async () => {
    const user = await createEmulatorUser({ verified: true });
    const response = await call(app.baseUrl, 'POST', '/api/register-google-user', {
      token: user.idToken,
      body: { email: user.email, displayName: 'X', createdAt: '1', uid: 'someone-else' },
    });
    expect(response.status).toBe(403);
  });

  it('answers viewerAccount with a NOT_AUTHENTICATED error when signed out', async () => {
    const { errors } = await graphql(app.baseUrl, '{ viewerAccount { name } }');
    expect(errors?.[0]?.message).toBe('User not authenticated');
    expect(errors?.[0]?.extensions?.code).toBe('NOT_AUTHENTICATED');
  });
});
