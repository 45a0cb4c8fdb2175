import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsUser } from './collections-kit.js';
import { CALLERS, MEMBER, OPERATIONS, OTHER, type Caller, type Fixture } from './collections-access.table.js';
import { call } from './http.js';

/**
 * Every collections call, REST and GraphQL, by each kind of caller: the owner, an editor, a
 * viewer, a holder of the read-only link, a stranger and a signed-out visitor. Each call gets a
 * fresh collection, so what one caller changes cannot hide what another may do.
 */

let app: TestApp;
const users = {} as Record<Exclude<Caller, 'signedOut'>, EmulatorUser>;

async function freshCollection(): Promise<Fixture> {
  const db = app.database.db;
  const linkToken = randomUUID();
  const inviteToken = randomUUID();
  const inviteeEmail = `invitee-${randomUUID().slice(0, 8)}@example.com`;
  const { id } = await db
    .insertInto('collections')
    .values({ owner_uid: users.owner.uid, name: `Set ${randomUUID()}`, link_token: linkToken })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('collection_members')
    .values({
      collection_id: id,
      lens_id: MEMBER,
      doc_key: 'US_1_B2',
      patent_title: 'T',
      family_id: null,
      added_by: null,
    })
    .execute();
  await db
    .insertInto('collection_shares')
    .values([
      {
        collection_id: id,
        email: users.editor.email,
        role: 'editor',
        invite_token: randomUUID(),
        user_uid: users.editor.uid,
      },
      {
        collection_id: id,
        email: users.viewer.email,
        role: 'viewer',
        invite_token: randomUUID(),
        user_uid: users.viewer.uid,
      },
      { collection_id: id, email: inviteeEmail, role: 'editor', invite_token: inviteToken, user_uid: null },
    ])
    .execute();
  return { id, linkToken, inviteToken, inviteeEmail };
}

/** A stranger has no link: for them the link call carries a token that was never issued. */
function asCaller(caller: Caller, fixture: Fixture): Fixture {
  return caller === 'stranger' ? { ...fixture, linkToken: randomUUID() } : fixture;
}

function outcome(status: number): 'ok' | number {
  return status >= 200 && status < 300 ? 'ok' : status;
}

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [patentRow({ lens_id: MEMBER }), patentRow({ lens_id: OTHER })]);
  for (const caller of ['owner', 'editor', 'viewer', 'link', 'stranger'] as const)
    users[caller] = await collectionsUser(app, caller);
});
afterAll(() => app.close());

describe('collections: who may do what', () => {
  for (const transport of ['REST', 'GraphQL'] as const) {
    it(`answers every ${transport} call as the caller's part allows`, async () => {
      const wrong: string[] = [];
      for (const [name, operation] of Object.entries(OPERATIONS)) {
        for (const caller of CALLERS) {
          const fixture = asCaller(caller, await freshCollection());
          const token = caller === 'signedOut' ? undefined : users[caller].idToken;
          let status: number;
          if (transport === 'REST') {
            const { method, path, body } = operation.rest(fixture);
            status = (await call(app.baseUrl, method, `/api/v1/collections${path}`, { token, body })).status;
          } else {
            const answer = await call(app.baseUrl, 'POST', '/graphql', {
              token,
              body: operation.graphql(fixture),
            });
            const error = answer.body?.errors?.[0];
            status = error ? (error.extensions?.status ?? 500) : answer.status;
          }
          const got = outcome(status);
          if (got !== operation.expected[caller])
            wrong.push(`${name} by ${caller}: ${got}, not ${operation.expected[caller]}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it('gives a link holder a read-only copy without the sharing, and nothing once the link is revoked', async () => {
    const fixture = await freshCollection();
    const holder = users.link.idToken;
    const opened = await call(app.baseUrl, 'GET', `/api/v1/collections/shared/${fixture.linkToken}`, {
      token: holder,
    });
    expect(opened.body).toMatchObject({
      id: fixture.id,
      role: 'link',
      link_token: null,
      shares: [],
      size: 1,
    });
    const owner = users.owner.idToken;
    const reissued = await call(app.baseUrl, 'POST', `/api/v1/collections/${fixture.id}/link`, {
      token: owner,
    });
    expect(reissued.body.link_token).toMatch(/^[\w-]{32}$/);
    const old = await call(app.baseUrl, 'GET', `/api/v1/collections/shared/${fixture.linkToken}`, {
      token: holder,
    });
    expect(old.status).toBe(404);
    expect(old.body).toMatchObject({
      code: 'COLLECTION_LINK_NOT_FOUND',
      message: expect.stringMatching(/revoked/),
    });
    const fresh = await call(app.baseUrl, 'GET', `/api/v1/collections/shared/${reissued.body.link_token}`, {
      token: holder,
    });
    expect(fresh.status).toBe(200);
    await call(app.baseUrl, 'DELETE', `/api/v1/collections/${fixture.id}/link`, { token: owner });
    expect(
      (
        await call(app.baseUrl, 'GET', `/api/v1/collections/shared/${reissued.body.link_token}`, {
          token: holder,
        })
      ).status,
    ).toBe(404);
  });

  it('lets the invited address accept, and then edit as an editor', async () => {
    const fixture = await freshCollection();
    const invitee = await collectionsUser(app, 'Ivy');
    await app.database.db
      .updateTable('collection_shares')
      .set({ email: invitee.email })
      .where('invite_token', '=', fixture.inviteToken)
      .execute();
    const before = await call(app.baseUrl, 'GET', `/api/v1/collections/${fixture.id}`, {
      token: invitee.idToken,
    });
    expect(before.status).toBe(404);
    const accepted = await call(
      app.baseUrl,
      'POST',
      `/api/v1/collections/invitations/${fixture.inviteToken}/accept`,
      {
        token: invitee.idToken,
      },
    );
    expect(accepted.body).toMatchObject({ id: fixture.id, role: 'editor' });
    const edited = await call(app.baseUrl, 'POST', `/api/v1/collections/${fixture.id}/members`, {
      token: invitee.idToken,
      body: { lens_id: OTHER, note: 'from Ivy' },
    });
    expect(edited.status).toBe(201);
    const unknown = await call(
      app.baseUrl,
      'POST',
      `/api/v1/collections/invitations/${randomUUID()}/accept`,
      {
        token: invitee.idToken,
      },
    );
    expect(unknown.body.code).toBe('COLLECTION_INVITATION_NOT_FOUND');
  });
});
