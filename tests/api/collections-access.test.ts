import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsUser } from './collections-kit.js';
import { call } from './http.js';

/**
 * Every collections call, REST and GraphQL, by each kind of caller: the owner, an editor, a
 * viewer, a holder of the read-only link, a stranger and a signed-out visitor. Each call gets a
 * fresh collection, so what one caller changes cannot hide what another may do.
 */

type Caller = 'owner' | 'editor' | 'viewer' | 'link' | 'stranger' | 'signedOut';
const CALLERS: Caller[] = ['owner', 'editor', 'viewer', 'link', 'stranger', 'signedOut'];
/** 'ok' is any 2xx answer; otherwise the status expected. */
type Expected = Record<Caller, 'ok' | 401 | 403 | 404>;

interface Fixture {
  id: string;
  linkToken: string;
  inviteToken: string;
  inviteeEmail: string;
}
interface Operation {
  rest: (fixture: Fixture) => { method: string; path: string; body?: unknown };
  graphql: (fixture: Fixture) => { query: string; variables?: Record<string, unknown> };
  expected: Expected;
}

const MEMBER = '200-000-000-000-001';
const OTHER = '200-000-000-000-002';
const EVERYONE: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 'ok',
  link: 'ok',
  stranger: 'ok',
  signedOut: 401,
};
const READERS: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 'ok',
  link: 404,
  stranger: 404,
  signedOut: 401,
};
const EDITORS: Expected = {
  owner: 'ok',
  editor: 'ok',
  viewer: 403,
  link: 404,
  stranger: 404,
  signedOut: 401,
};
const OWNER: Expected = { owner: 'ok', editor: 403, viewer: 403, link: 404, stranger: 404, signedOut: 401 };

const OPERATIONS: Record<string, Operation> = {
  'list collections': {
    rest: () => ({ method: 'GET', path: '' }),
    graphql: () => ({ query: '{ collections { id } }' }),
    expected: EVERYONE,
  },
  'read a collection': {
    rest: (f) => ({ method: 'GET', path: `/${f.id}` }),
    graphql: (f) => ({ query: 'query C($id: ID!) { collection(id: $id) { id } }', variables: { id: f.id } }),
    expected: READERS,
  },
  'open the read-only link': {
    rest: (f) => ({ method: 'GET', path: `/shared/${f.linkToken}` }),
    graphql: (f) => ({
      query: 'query S($t: String!) { sharedCollection(token: $t) { id } }',
      variables: { t: f.linkToken },
    }),
    expected: { ...EVERYONE, stranger: 404 },
  },
  'read my notes on a patent': {
    rest: () => ({ method: 'GET', path: `/notes/${MEMBER}` }),
    graphql: () => ({ query: `{ collectionNotes(lensId: "${MEMBER}") { note } }` }),
    expected: EVERYONE,
  },
  rename: {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}`, body: { name: `Renamed ${randomUUID()}` } }),
    graphql: (f) => ({
      query: 'mutation U($id: ID!, $n: String!) { updateCollection(id: $id, input: { name: $n }) { id } }',
      variables: { id: f.id, n: `Renamed ${randomUUID()}` },
    }),
    expected: OWNER,
  },
  watch: {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}`, body: { watched: true } }),
    graphql: (f) => ({
      query: 'mutation U($id: ID!) { updateCollection(id: $id, input: { watched: true }) { watched } }',
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  delete: {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}` }),
    graphql: (f) => ({
      query: 'mutation D($id: ID!) { deleteCollection(id: $id) { id } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'add a member': {
    rest: (f) => ({ method: 'POST', path: `/${f.id}/members`, body: { lens_id: OTHER, note: 'why' } }),
    graphql: (f) => ({
      query: `mutation A($id: ID!) { addCollectionMember(id: $id, input: { lens_id: "${OTHER}" }) { lens_id } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'annotate a member': {
    rest: (f) => ({ method: 'PATCH', path: `/${f.id}/members/${MEMBER}`, body: { note: 'n', tags: ['t'] } }),
    graphql: (f) => ({
      query: `mutation U($id: ID!) { updateCollectionMember(id: $id, lensId: "${MEMBER}", input: { note: "n" }) { note } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'remove a member': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/members/${MEMBER}` }),
    graphql: (f) => ({
      query: `mutation R($id: ID!) { removeCollectionMember(id: $id, lensId: "${MEMBER}") { lens_id } }`,
      variables: { id: f.id },
    }),
    expected: EDITORS,
  },
  'issue the link': {
    rest: (f) => ({ method: 'POST', path: `/${f.id}/link` }),
    graphql: (f) => ({
      query: 'mutation L($id: ID!) { issueCollectionLink(id: $id) { link_token } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'revoke the link': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/link` }),
    graphql: (f) => ({
      query: 'mutation L($id: ID!) { revokeCollectionLink(id: $id) { link_token } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  invite: {
    rest: (f) => ({
      method: 'POST',
      path: `/${f.id}/invitations`,
      body: { email: 'colleague@example.com', role: 'editor' },
    }),
    graphql: (f) => ({
      query:
        'mutation I($id: ID!) { inviteToCollection(id: $id, input: { email: "colleague@example.com", role: "viewer" }) { email } }',
      variables: { id: f.id },
    }),
    expected: OWNER,
  },
  'withdraw an invitation': {
    rest: (f) => ({ method: 'DELETE', path: `/${f.id}/invitations/${encodeURIComponent(f.inviteeEmail)}` }),
    graphql: (f) => ({
      query: 'mutation R($id: ID!, $e: String!) { removeCollectionShare(id: $id, email: $e) { email } }',
      variables: { id: f.id, e: f.inviteeEmail },
    }),
    expected: OWNER,
  },
  // Sent to another address than any of these callers': only that address accepts it.
  'accept an invitation': {
    rest: (f) => ({ method: 'POST', path: `/invitations/${f.inviteToken}/accept` }),
    graphql: (f) => ({
      query: 'mutation A($t: String!) { acceptCollectionInvitation(token: $t) { id } }',
      variables: { t: f.inviteToken },
    }),
    expected: { owner: 'ok', editor: 403, viewer: 403, link: 403, stranger: 403, signedOut: 401 },
  },
};

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
