import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionOperations } from './authorization-matrix.collections.js';
import { call } from './http.js';

/**
 * Every route and GraphQL field that touches a user's data, against every caller who must be
 * refused. The table is checked against the app's real routes and schema, so a new route or field
 * cannot be left out: it must be listed here or among the public ones, with the reason.
 */

type Caller = 'signedOut' | 'forged' | 'expired' | 'unverified' | 'deleted' | 'otherUser';
export interface Outcome {
  status: number;
  code: string | undefined;
}
export interface Ids {
  favouriteId: string;
  savedSearchId: string;
  oneShotId: string;
  resultSetId: string;
  ownerUid: string;
  ownerEmail: string;
  collectionId: string;
  collectionLink: string;
  collectionInvitation: string;
}
export interface Operation {
  name: string;
  run(baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome>;
  /** What another (verified) user gets: refused for the owner's resources, or their own data. */
  otherUser: { status: number; code?: string } | 'own data';
  /** The account's own state stays readable before the e-mail is confirmed (the spec's 428). */
  unverified?: { status: number };
}

const SEARCH = { query: 'robots that clean solar panels on a roof' };

function rest(method: string, url: (ids: Ids) => string, body?: (ids: Ids) => unknown) {
  return async (baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome> => {
    const answer = await call(baseUrl, method, url(ids), { token, body: body?.(ids) });
    return { status: answer.status, code: answer.body?.code };
  };
}

function gql(document: string, variables: (ids: Ids) => Record<string, unknown> = () => ({})) {
  return async (baseUrl: string, token: string | undefined, ids: Ids): Promise<Outcome> => {
    const answer = await call(baseUrl, 'POST', '/graphql', {
      token,
      body: { query: document, variables: variables(ids) },
    });
    const error = answer.body?.errors?.[0];
    if (error) return { status: error.extensions?.status ?? answer.status, code: error.extensions?.code };
    return { status: answer.status, code: answer.body?.code };
  };
}

const OPERATIONS: Record<string, Operation> = {
  'GET /api/users': {
    name: 'read the account',
    run: rest('GET', () => '/api/users'),
    otherUser: 'own data',
    unverified: { status: 428 },
  },
  'PATCH /api/users': {
    name: 'change the account',
    run: rest(
      'PATCH',
      () => '/api/users',
      (ids) => ({ uid: ids.ownerUid, name: 'Taken over' }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'DELETE /api/users': {
    name: 'delete the account',
    run: rest(
      'DELETE',
      () => '/api/users',
      (ids) => ({ email: ids.ownerEmail }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'POST /api/register-google-user': {
    name: 'register a Google account',
    run: rest(
      'POST',
      () => '/api/register-google-user',
      (ids) => ({ uid: ids.ownerUid, email: ids.ownerEmail, displayName: 'X', createdAt: '1' }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  'GET /api/users/searchCount': {
    name: 'read the search count',
    run: rest('GET', () => '/api/users/searchCount'),
    otherUser: 'own data',
  },
  'GET /api/users/plan': {
    name: 'read the plan',
    run: rest('GET', () => '/api/users/plan'),
    otherUser: 'own data',
  },
  'POST /api/v1/ai-search': {
    name: 'AI search',
    run: rest(
      'POST',
      () => '/api/v1/ai-search',
      () => SEARCH,
    ),
    otherUser: 'own data',
  },
  'POST /api/v1/boolean-search': {
    name: 'advanced search',
    run: rest(
      'POST',
      () => '/api/v1/boolean-search',
      () => ({ query: 'solar' }),
    ),
    otherUser: 'own data',
  },
  'GET /api/v1/favourites': {
    name: 'list favourites',
    run: rest('GET', () => '/api/v1/favourites'),
    otherUser: 'own data',
  },
  'PUT /api/v1/favourites': {
    name: 'save a favourite',
    run: rest(
      'PUT',
      () => '/api/v1/favourites',
      () => ({ doc_key: 'US_1_A', patent_title: 'T', lens_id: '000-111-222-333-444' }),
    ),
    otherUser: 'own data',
  },
  'DELETE /api/v1/favourites/:id': {
    name: "delete the owner's favourite",
    run: rest('DELETE', (ids) => `/api/v1/favourites/${ids.favouriteId}`),
    otherUser: { status: 404, code: 'FAVOURITE_NOT_FOUND' },
  },
  'POST /api/v1/registerSearchUpdates': {
    name: 'follow a search',
    run: async (baseUrl, token) => {
      const answer = await call(baseUrl, 'POST', '/api/v1/registerSearchUpdates', {
        token,
        rawBody: 'query=solar+panel+cleaning+robots+for+roofs&type=ai',
        contentType: 'text/plain',
      });
      return { status: answer.status, code: answer.body?.code };
    },
    otherUser: 'own data',
  },
  'POST /api/v1/oneshot-search': {
    name: 'order a one-shot search',
    run: rest(
      'POST',
      () => '/api/v1/oneshot-search',
      () => ({ query: 'a robot that cleans the solar panels on a roof' }),
    ),
    otherUser: 'own data',
  },
  'GET /api/v1/oneshot-search/:id/report.pdf': {
    name: "download the owner's one-shot report",
    run: rest('GET', (ids) => `/api/v1/oneshot-search/${ids.oneShotId}/report.pdf`),
    otherUser: { status: 404, code: 'ONESHOT_NOT_FOUND' },
  },
  // A kept result set is meant to be shared: any verified user may open it (not a search).
  'GET /api/v1/result-sets/:id': {
    name: 'replay a kept result set',
    run: rest('GET', (ids) => `/api/v1/result-sets/${ids.resultSetId}`),
    otherUser: 'own data',
  },
  'GET /api/v1/result-sets/:id/counts': {
    name: "count a kept result set's matches",
    run: rest('GET', (ids) => `/api/v1/result-sets/${ids.resultSetId}/counts`),
    otherUser: 'own data',
  },
  resultSet: {
    name: 'replay a kept result set',
    run: gql('query R($id: ID!) { resultSet(id: $id) { id } }', (ids) => ({ id: ids.resultSetId })),
    otherUser: 'own data',
  },
  resultSetCounts: {
    name: "count a kept result set's matches",
    run: gql('query R($id: ID!) { resultSetCounts(id: $id) { total } }', (ids) => ({ id: ids.resultSetId })),
    otherUser: 'own data',
  },
  'POST /payments/create-checkout-session': {
    name: 'start a checkout',
    run: rest('POST', () => '/payments/create-checkout-session?plan=discover'),
    otherUser: 'own data',
  },
  'POST /payments/create-portal-session': {
    name: 'open the billing portal',
    run: rest('POST', () => '/payments/create-portal-session'),
    otherUser: 'own data',
  },

  viewerAccount: {
    name: 'read the account',
    run: gql('{ viewerAccount { uid email } }'),
    otherUser: 'own data',
    unverified: { status: 200 },
  },
  searchCount: { name: 'read the search count', run: gql('{ searchCount }'), otherUser: 'own data' },
  matchHighlights: {
    name: "highlight a search's words in results",
    run: gql(
      'query H($ids: [ID!]!) { matchHighlights(kind: AI, query: "solar panels", lensIds: $ids) { lensId } }',
      () => ({ ids: ['000-111-222-333-444'] }),
    ),
    otherUser: 'own data',
  },
  favourites: { name: 'list favourites', run: gql('{ favourites { id } }'), otherUser: 'own data' },
  savedSearches: {
    name: 'list followed searches',
    run: gql('{ savedSearches { id } }'),
    otherUser: 'own data',
  },
  patentExportDetails: {
    name: 'read the export details of results',
    run: gql('query E($ids: [ID!]!) { patentExportDetails(lensIds: $ids) { lens_id } }', () => ({
      ids: ['000-111-222-333-444'],
    })),
    otherUser: 'own data',
  },
  previousSearches: {
    name: 'list previous searches',
    run: gql('{ previousSearches { id } }'),
    otherUser: 'own data',
  },
  registerGoogleUser: {
    name: 'register a Google account',
    run: gql(
      'mutation R($i: RegisterGoogleUserInput!) { registerGoogleUser(input: $i) { account { uid } } }',
      (ids) => ({
        i: { uid: ids.ownerUid, email: ids.ownerEmail, displayName: 'X', createdAt: '1' },
      }),
    ),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  updateAccount: {
    name: 'change the account',
    run: gql('mutation U($i: UpdateAccountInput!) { updateAccount(input: $i) { account { uid } } }', () => ({
      i: { name: 'Taken over' },
    })),
    otherUser: 'own data',
  },
  deleteAccount: {
    name: 'delete the account',
    run: gql('mutation D($i: DeleteAccountInput!) { deleteAccount(input: $i) { deleted } }', (ids) => ({
      i: { email: ids.ownerEmail },
    })),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  createCheckoutSession: {
    name: 'start a checkout',
    run: gql('mutation { createCheckoutSession(plan: "discover") { url } }'),
    otherUser: 'own data',
  },
  createBillingPortalSession: {
    name: 'open the billing portal',
    run: gql('mutation { createBillingPortalSession { url } }'),
    otherUser: 'own data',
  },
  addFavourite: {
    name: 'save a favourite',
    run: gql('mutation A($i: AddFavouriteInput!) { addFavourite(input: $i) { favourite { id } } }', () => ({
      i: { doc_key: 'US_1_A', patent_title: 'T', lens_id: '000-111-222-333-444' },
    })),
    otherUser: 'own data',
  },
  removeFavourite: {
    name: "delete the owner's favourite",
    run: gql('mutation R($i: RemoveFavouriteInput!) { removeFavourite(input: $i) { id } }', (ids) => ({
      i: { id: ids.favouriteId },
    })),
    otherUser: { status: 404, code: 'FAVOURITE_NOT_FOUND' },
  },
  subscribeToSearchUpdates: {
    name: 'follow a search',
    run: gql(
      'mutation S($q: String!) { subscribeToSearchUpdates(queryString: $q) { savedSearch { id } } }',
      () => ({
        q: 'query=solar+panel+cleaning+robots+for+roofs&type=ai',
      }),
    ),
    otherUser: 'own data',
  },
  unsubscribeFromSearchUpdates: {
    name: "stop the owner's followed search",
    run: gql('mutation U($id: ID!) { unsubscribeFromSearchUpdates(id: $id) { id } }', (ids) => ({
      id: ids.savedSearchId,
    })),
    otherUser: { status: 404, code: 'SAVED_SEARCH_NOT_FOUND' },
  },
  requestOneShotSearch: {
    name: 'order a one-shot search',
    run: gql('mutation O($q: String!) { requestOneShotSearch(query: $q) { requestId } }', () => ({
      q: 'a robot that cleans the solar panels on a roof',
    })),
    otherUser: 'own data',
  },
  aiSearch: {
    name: 'AI search',
    run: gql('mutation S($i: SearchInput!) { aiSearch(input: $i) { results { total } } }', () => ({
      i: SEARCH,
    })),
    otherUser: 'own data',
  },
  booleanSearch: {
    name: 'advanced search',
    run: gql('mutation S($i: SearchInput!) { booleanSearch(input: $i) { results { total } } }', () => ({
      i: { query: 'solar' },
    })),
    otherUser: 'own data',
  },
  // Collections (issue 50): the owner's collection is not found for anyone else; its read-only
  // link is meant to be passed on, so any verified user opens it; its invitation is someone else's.
  ...collectionOperations(rest, gql),
  analytics: {
    name: 'read the analytics (analysts only)',
    run: gql('{ analytics(range: { from: "2026-01-01", to: "2026-02-01" }) { searches } }'),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
  landscape: {
    name: 'answer a landscape (analysts only)',
    run: gql('{ landscape(input: { kind: ADVANCED, query: "solar" }) { counted } }'),
    otherUser: { status: 403, code: 'FORBIDDEN' },
  },
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
