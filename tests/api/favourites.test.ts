import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';

let app: TestApp;
let owner: EmulatorUser;
let stranger: EmulatorUser;

beforeAll(async () => {
  app = await startTestApp();
  owner = await createEmulatorUser({ verified: true });
  stranger = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values([
      { uid: owner.uid, email: owner.email, name: 'Owner' },
      { uid: stranger.uid, email: stranger.email, name: 'Stranger' },
    ])
    .execute();
});
afterAll(() => app.close());

describe('favourites', () => {
  it('saves, lists and deletes a favourite; saving twice keeps one', async () => {
    const favourite = {
      doc_key: 'US_1_B2_20190101',
      patent_title: 'A widget',
      lens_id: '000-111-222-333-444',
    };
    const saved = await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
      token: owner.idToken,
      body: favourite,
    });
    expect(saved.status).toBe(200);
    const again = await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
      token: owner.idToken,
      body: favourite,
    });
    expect(again.body.id).toBe(saved.body.id);

    const listed = await call(app.baseUrl, 'GET', '/api/v1/favourites', { token: owner.idToken });
    expect(listed.body).toEqual({ favourites: [{ id: saved.body.id, ...favourite }] });

    const strangerDelete = await call(app.baseUrl, 'DELETE', `/api/v1/favourites/${saved.body.id}`, {
      token: stranger.idToken,
    });
    expect(strangerDelete.status).toBe(404);
    const deleted = await call(app.baseUrl, 'DELETE', `/api/v1/favourites/${saved.body.id}`, {
      token: owner.idToken,
    });
    expect(deleted.status).toBe(200);
    expect((await call(app.baseUrl, 'GET', '/api/v1/favourites', { token: owner.idToken })).body).toEqual({
      favourites: [],
    });
  });

  it('rejects a favourite without a lens_id, and a malformed id on delete', async () => {
    const missing = await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
      token: owner.idToken,
      body: { doc_key: 'x', patent_title: 'y' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/lens_id/);
    const malformed = await call(app.baseUrl, 'DELETE', '/api/v1/favourites/not-a-uuid', {
      token: owner.idToken,
    });
    expect(malformed.status).toBe(400);
  });

  it('requires a sign-in', async () => {
    const response = await call(app.baseUrl, 'GET', '/api/v1/favourites');
    expect(response).toEqual({
      status: 401,
      body: { message: 'User not authenticated', code: 'NOT_AUTHENTICATED' },
    });
  });
});
