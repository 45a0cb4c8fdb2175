import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionOperations } from './authorization-matrix.collections.js';
import { call } from './http.js';
import { gql, rest, SEARCH, type Ids, type Operation } from './authorization-matrix.kit.js';
import { GRAPHQL_OPERATIONS } from './authorization-matrix.graphql.js';
import { REST_OPERATIONS } from './authorization-matrix.rest.js';

/**
 * Every route and GraphQL field that touches a user's data, against every caller who must be
 * refused. The table is checked against the app's real routes and schema, so a new route or field
 * cannot be left out: it must be listed here or among the public ones, with the reason.
 */

type Caller = 'signedOut' | 'forged' | 'expired' | 'unverified' | 'deleted' | 'otherUser';
const OPERATIONS: Record<string, Operation> = {
  ...REST_OPERATIONS,
  ...GRAPHQL_OPERATIONS,
  // Collections (issue 50): the owner's collection is not found for anyone else; its read-only
  // link is meant to be passed on, so any verified user opens it; its invitation is someone else's.
  ...collectionOperations(rest, gql),
};

/** What an analyst's API key may call: everything else in the table refuses it with 403. */
const OPEN_TO_API_KEYS = new Set(['analytics', 'landscape']);

/** Open to anyone, each for a reason; everything else must be in the table above. */
const PUBLIC = new Map([
  ['POST /api/register', 'creates an identity: no token exists yet'],
  ['POST /api/v1/unsubscribe', "the digest's signed one-click link"],
  ['POST /api/v1/page-views', 'anonymous page views are first-party analytics'],
  ['POST /payments/webhook', "Stripe's calls, checked by their signature"],
  ['GET /api/v1/patents/:lensId', 'patent pages are public (the spec: no guard)'],
  [
    'GET /api/v1/patents/:lensId/similar',
    'part of the public patent page: browsing, not a search (ADR 0151)',
  ],
  ['GET /api/v1/patents', 'answers 400: an id is needed'],
  ['GET /api/v1/patents/', 'answers 400: an id is needed'],
  ['GET /dev/outbox', 'the dev mailbox: embedded mode only'],
  ['GET /dev/outbox/:id', 'the dev mailbox: embedded mode only'],
  ['GET /dev/outbox/:id/attachments/:index', 'the dev mailbox: embedded mode only'],
  ['POST /dev/weekly-digest', 'the dev mailbox: embedded mode only'],
  ['POST /dev/collections-watch', 'the dev mailbox: embedded mode only'],
  ['POST /api/v1/collections/unwatch', "the watch e-mail's signed one-click link"],
  ['ok', 'a liveness check'],
  ['meaningStatus', "how far the corpus's meaning goes, as /readyz tells anyone: no user's data"],
  ['noop', 'a placeholder field'],
  ['patent', 'patent pages are public (the spec: no guard)'],
  ['register', 'creates an identity: no token exists yet'],
  ['unsubscribeWithToken', "the digest's signed one-click link"],
]);

const EXPECTED: Record<Exclude<Caller, 'otherUser'>, { status: number; code: string }> = {
  signedOut: { status: 401, code: 'NOT_AUTHENTICATED' },
  forged: { status: 401, code: 'TOKEN_INVALID' },
  expired: { status: 401, code: 'TOKEN_INVALID' },
  unverified: { status: 403, code: 'EMAIL_NOT_VERIFIED' },
  deleted: { status: 401, code: 'ACCOUNT_DELETED' },
};

/** The same claims as a real emulator token, but expired an hour ago (emulator tokens are unsigned). */
function expiredCopy(token: string): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  const now = Math.floor(Date.now() / 1000);
  const expired = { ...claims, iat: now - 7200, auth_time: now - 7200, exp: now - 3600 };
  return `${header}.${Buffer.from(JSON.stringify(expired)).toString('base64url')}.`;
}

let app: TestApp;
let ids: Ids;
let analystKey: string;
const tokens = {} as Record<Caller, string | undefined>;

async function verifiedAccount(name: string): Promise<EmulatorUser> {
  const user = await createEmulatorUser({ verified: true, name });
  await app.database.db.insertInto('users').values({ uid: user.uid, email: user.email, name }).execute();
  return user;
}

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [
    patentRow({
      lens_id: '000-111-222-333-444',
      title: 'SOLAR PANEL ROBOT',
      abstract: 'A robot cleans solar panels.',
    }),
  ]);
  const owner = await verifiedAccount('Olga');
  const other = await verifiedAccount('Bert');
  const closed = await verifiedAccount('Dana');
  await app.database.db
    .updateTable('users')
    .set({ deleted_at: new Date() })
    .where('uid', '=', closed.uid)
    .execute();
  const unverified = await createEmulatorUser({ verified: false, name: 'Uma' });
  await app.database.db
    .insertInto('users')
    .values({ uid: unverified.uid, email: unverified.email, name: 'Uma' })
    .execute();

  const favourite = await call(app.baseUrl, 'PUT', '/api/v1/favourites', {
    token: owner.idToken,
    body: { doc_key: 'US_1_A', patent_title: 'SOLAR PANEL ROBOT', lens_id: '000-111-222-333-444' },
  });
  const followed = await call(app.baseUrl, 'POST', '/graphql', {
    token: owner.idToken,
    body: {
      query:
        'mutation { subscribeToSearchUpdates(queryString: "query=solar+panel+robots+that+clean+roofs&type=ai") { savedSearch { id } } }',
    },
  });
  const oneShot = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
    token: owner.idToken,
    body: { query: 'a robot that cleans the solar panels on a roof' },
  });
  const searched = await call(app.baseUrl, 'POST', '/api/v1/ai-search', {
    token: owner.idToken,
    body: SEARCH,
  });
  const collection = await call(app.baseUrl, 'POST', '/api/v1/collections', {
    token: owner.idToken,
    body: { name: 'Prior art' },
  });
  await call(app.baseUrl, 'POST', `/api/v1/collections/${collection.body.id}/members`, {
    token: owner.idToken,
    body: { lens_id: '000-111-222-333-444', note: 'why' },
  });
  const link = await call(app.baseUrl, 'POST', `/api/v1/collections/${collection.body.id}/link`, {
    token: owner.idToken,
  });
  await call(app.baseUrl, 'POST', `/api/v1/collections/${collection.body.id}/invitations`, {
    token: owner.idToken,
    body: { email: 'x@example.com', role: 'editor' },
  });
  const invitation = await app.database.db
    .selectFrom('collection_shares')
    .select('invite_token')
    .where('collection_id', '=', collection.body.id)
    .executeTakeFirstOrThrow();
  const analyst = await verifiedAccount('Anna');
  analystKey = (await app.services.analytics.keys.create({ email: analyst.email })).key;
  ids = {
    favouriteId: String(favourite.body.id),
    savedSearchId: String(followed.body.data.subscribeToSearchUpdates.savedSearch.id),
    oneShotId: String(oneShot.body.requestId),
    resultSetId: String(searched.body.result_set_id),
    ownerUid: owner.uid,
    ownerEmail: owner.email,
    collectionId: String(collection.body.id),
    collectionLink: String(link.body.link_token),
    collectionInvitation: invitation.invite_token,
  };
  Object.assign(tokens, {
    signedOut: undefined,
    forged: 'forged.token.value',
    expired: expiredCopy(owner.idToken),
    unverified: unverified.idToken,
    deleted: closed.idToken,
    otherUser: other.idToken,
  });
});
afterAll(() => app.close());

describe('authorization matrix', () => {
  it('covers every REST route and GraphQL field, or names it public with a reason', () => {
    const schemaDir = path.resolve('schema/src');
    const schema = buildSchema(
      readdirSync(schemaDir)
        .filter((file) => file.endsWith('.graphql'))
        .map((file) => readFileSync(path.join(schemaDir, file), 'utf8'))
        .join('\n'),
    );
    const fields = [schema.getQueryType()!, schema.getMutationType()!].flatMap((type) =>
      Object.keys(type.getFields()),
    );
    const everything = [...new Set([...app.restRoutes, ...fields])];
    expect(everything.filter((name) => !(name in OPERATIONS) && !PUBLIC.has(name))).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((name) => !everything.includes(name))).toEqual([]);
  });

  for (const caller of Object.keys(EXPECTED) as Exclude<Caller, 'otherUser'>[]) {
    it(`refuses the ${caller} caller everywhere`, async () => {
      const wrong: string[] = [];
      for (const [key, operation] of Object.entries(OPERATIONS)) {
        const expected =
          caller === 'unverified' && operation.unverified ? operation.unverified : EXPECTED[caller];
        const outcome = await operation.run(app.baseUrl, tokens[caller], ids);
        const codeOk = !('code' in expected) || outcome.code === expected.code;
        if (outcome.status !== expected.status || !codeOk)
          wrong.push(`${key}: ${outcome.status} ${outcome.code}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it("refuses an analyst's API key every user's data and every route, with 403 FORBIDDEN", async () => {
    const wrong: string[] = [];
    for (const [key, operation] of Object.entries(OPERATIONS)) {
      if (OPEN_TO_API_KEYS.has(key)) continue;
      const outcome = await operation.run(app.baseUrl, analystKey, ids);
      if (outcome.status !== 403 || outcome.code !== 'FORBIDDEN')
        wrong.push(`${key}: ${outcome.status} ${outcome.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it("refuses another user the owner's resources, and gives them only their own data", async () => {
    const wrong: string[] = [];
    for (const [key, operation] of Object.entries(OPERATIONS)) {
      if (operation.otherUser === 'own data') continue;
      const outcome = await operation.run(app.baseUrl, tokens.otherUser, ids);
      if (outcome.status !== operation.otherUser.status || outcome.code !== operation.otherUser.code)
        wrong.push(`${key}: ${outcome.status} ${outcome.code}`);
    }
    expect(wrong).toEqual([]);
    const theirs = await call(app.baseUrl, 'GET', '/api/v1/favourites', { token: tokens.otherUser });
    expect(theirs.status).toBe(200);
    expect(JSON.stringify(theirs.body)).not.toContain(
      ids.favouriteId === '' ? '∅' : `"id":"${ids.favouriteId}"`,
    );
    // Nothing of the owner's changed.
    const owner = await app.database.db
      .selectFrom('users')
      .select(['name', 'deleted_at'])
      .where('uid', '=', ids.ownerUid)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ name: 'Olga', deleted_at: null });
    const favourites = await app.database.db
      .selectFrom('favourites')
      .select('id')
      .where('user_uid', '=', ids.ownerUid)
      .execute();
    expect(favourites).toHaveLength(1);
  });
});
