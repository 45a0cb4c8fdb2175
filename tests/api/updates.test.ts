import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { familyRows, insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

// Monday after the week of 16-22 November 2026 (weeks end on Sunday).
const NOW = new Date('2026-11-23T06:00:00Z');
const IN_WEEK = new Date('2026-11-18T10:00:00Z');
const BEFORE_WEEK = new Date('2026-11-02T10:00:00Z');

let app: TestApp;
let follower: EmulatorUser;
let quiet: EmulatorUser;

const newFamily = patentRow({
  title: 'HELIOSTAT MIRROR ARRAY',
  ai_title: 'A heliostat that tracks the sun',
  family_id: 'F1',
});
const oldFamily = patentRow({
  title: 'HELIOSTAT DRIVE',
  ai_title: 'An older heliostat drive',
  family_id: 'F2',
});
const oldFamilyMember = patentRow({
  title: 'HELIOSTAT DRIVE',
  ai_title: 'A heliostat drive filed again',
  family_id: 'F2',
  jurisdiction: 'EP',
});
const unrelated = patentRow({ title: 'PIZZA OVEN', ai_title: 'A pizza oven', family_id: 'F3' });
// One result stands for both (the older one, the better ranked); the digest still finds the new one.
familyRows('F2', [oldFamily, oldFamilyMember]);

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => NOW } });
  await insertPatents(app.database.db, [newFamily, oldFamily, oldFamilyMember, unrelated]);
  const indexedAt = new Map([
    [newFamily.lens_id, IN_WEEK],
    [oldFamily.lens_id, BEFORE_WEEK],
    [oldFamilyMember.lens_id, IN_WEEK],
    [unrelated.lens_id, IN_WEEK],
  ]);
  for (const [lensId, at] of indexedAt)
    await app.database.db
      .updateTable('patents')
      .set({ indexed_at: at })
      .where('lens_id', '=', lensId)
      .execute();
  follower = await createEmulatorUser({ verified: true });
  quiet = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values([
      { uid: follower.uid, email: follower.email, name: 'Flo' },
      { uid: quiet.uid, email: quiet.email, name: 'Quinn' },
    ])
    .execute();
});
afterAll(() => app.close());

const follow = (queryString: string, token = follower.idToken) =>
  call(app.baseUrl, 'POST', '/api/v1/registerSearchUpdates', {
    token,
    rawBody: queryString,
    contentType: 'text/plain',
  });

async function outboxTo(email: string) {
  const { body } = await call(app.baseUrl, 'GET', '/dev/outbox');
  return (body.messages as { id: number; to: string[]; subject: string }[]).filter((message) =>
    message.to.includes(email),
  );
}

async function waitForOutbox(email: string, count: number) {
  const deadline = Date.now() + 15_000;
  while ((await outboxTo(email)).length < count && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  return outboxTo(email);
}

describe('weekly updates', () => {
  it('follows a results page search once, and refuses what a search would refuse', async () => {
    expect(await follow('?query=title%3Aheliostat&type=boolean')).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect((await follow('query=title%3Aheliostat&type=boolean&years=1824,2050')).status).toBe(200);
    const listed = await graphql(
      app.baseUrl,
      '{ savedSearches { query kind resultsPath lastSentAt } }',
      {},
      follower.idToken,
    );
    expect(listed.data.savedSearches).toEqual([
      {
        query: 'title:heliostat',
        kind: 'boolean',
        resultsPath: '/search/results?query=title%3Aheliostat&type=boolean',
        lastSentAt: null,
      },
    ]);

    expect((await follow('?query=title%3A(heliostat&type=boolean')).body.code).toBe('QUERY_SYNTAX');
    expect((await follow('?type=ai')).status).toBe(400);
    expect((await follow('?query=short&type=ai')).body.code).toBe('QUERY_TOO_SHORT');
    expect((await follow('?query=title%3Aheliostat', '')).status).toBe(401);
    const viaGraphql = await graphql(
      app.baseUrl,
      'mutation($q: String!) { subscribeToSearchUpdates(queryString: $q) { savedSearch { query } } }',
      { q: '?query=title%3Apizza&type=boolean' },
      quiet.idToken,
    );
    expect(viaGraphql.data.subscribeToSearchUpdates.savedSearch.query).toBe('title:pizza');
    await app.database.db
      .updateTable('patents')
      .set({ indexed_at: BEFORE_WEEK })
      .where('lens_id', '=', unrelated.lens_id)
      .execute();
  });

  it("mails one digest of the week's new patents, new families first, and nothing twice", async () => {
    const first = await call(app.baseUrl, 'POST', '/dev/weekly-digest');
    expect(first.body).toEqual({ users: 2, mails: 1 });
    const [digest] = await waitForOutbox(follower.email, 1);
    expect(digest!.subject).toBe('PatentScout: new patents for your searches, week ending 2026-11-22');
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${digest!.id}`);
    const text = message.text as string;
    expect(text).toContain('A heliostat that tracks the sun');
    expect(text).toContain('A heliostat drive filed again');
    expect(text).not.toContain('An older heliostat drive');
    expect(text.indexOf('A heliostat that tracks the sun')).toBeLessThan(
      text.indexOf('A heliostat drive filed again'),
    );
    expect(message.html).toContain(
      `${app.config.http.publicUrl}/patents/${encodeURIComponent(newFamily.lens_id)}`,
    );
    expect(message.listUnsubscribe).toMatch(
      /^<http:\/\/localhost:\d+\/api\/v1\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
    );
    // Nothing new for the pizza search this week: no mail for its owner.
    expect(await outboxTo(quiet.email)).toEqual([]);

    expect((await call(app.baseUrl, 'POST', '/dev/weekly-digest')).body).toEqual({ users: 0, mails: 0 });
    expect(await outboxTo(follower.email)).toHaveLength(1);
    const listed = await graphql(app.baseUrl, '{ savedSearches { lastSentAt } }', {}, follower.idToken);
    expect(listed.data.savedSearches[0].lastSentAt).toBe(NOW.toISOString());
  });

  it('unsubscribes with the one-click link, without signing in; a tampered link is refused', async () => {
    const [digest] = await outboxTo(follower.email);
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${digest!.id}`);
    const url = new URL((message.listUnsubscribe as string).slice(1, -1));
    const token = url.searchParams.get('token')!;
    const tampered = await call(app.baseUrl, 'POST', `/api/v1/unsubscribe?token=${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe(
      'This unsubscribe link is not valid. Manage your updates on your account page.',
    );

    const oneClick = await call(app.baseUrl, 'POST', `/api/v1/unsubscribe?token=${token}`, {
      rawBody: 'List-Unsubscribe=One-Click',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(oneClick).toEqual({ status: 200, body: { removed: 1 } });
    const listed = await graphql(app.baseUrl, '{ savedSearches { id } }', {}, follower.idToken);
    expect(listed.data.savedSearches).toEqual([]);
  });

  it('lets only the owner stop a saved search', async () => {
    const mine = await graphql(app.baseUrl, '{ savedSearches { id } }', {}, quiet.idToken);
    const id = mine.data.savedSearches[0].id as string;
    const stranger = await graphql(
      app.baseUrl,
      'mutation($id: ID!) { unsubscribeFromSearchUpdates(id: $id) { id } }',
      { id },
      follower.idToken,
    );
    expect(stranger.errors?.[0]?.extensions?.code).toBe('SAVED_SEARCH_NOT_FOUND');
    const owner = await graphql(
      app.baseUrl,
      'mutation($id: ID!) { unsubscribeFromSearchUpdates(id: $id) { id } }',
      { id },
      quiet.idToken,
    );
    expect(owner.data.unsubscribeFromSearchUpdates.id).toBe(id);
  });

  it('sends a closed account no digest, though its followed search has news', async () => {
    const leaver = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: leaver.uid, email: leaver.email, name: 'Lev' })
      .execute();
    expect((await follow('?query=title%3Aheliostat&type=boolean', leaver.idToken)).status).toBe(200);
    const closed = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: leaver.idToken,
      body: { email: leaver.email },
    });
    expect(closed.status).toBe(200);
    expect((await call(app.baseUrl, 'POST', '/dev/weekly-digest')).body).toEqual({ users: 0, mails: 0 });
    expect(await outboxTo(leaver.email)).toEqual([]);
  });

  it('follows each distinct search: OR and or apart, a follow kept before canonical keys found again', async () => {
    const reader = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: reader.uid, email: reader.email, name: 'Rae' })
      .execute();
    // A follow saved under the first version's key (the lower-cased text).
    await app.database.db
      .insertInto('saved_searches')
      .values({
        user_uid: reader.uid,
        kind: 'boolean',
        query: 'title:heliostat OR title:pizza',
        filters: JSON.stringify({
          ipc_filters: null,
          legal_status: null,
          jurisdiction: null,
          years: null,
          kind: null,
        }),
        address: 'query=title%3Aheliostat+OR+title%3Apizza&type=boolean',
        search_key: 'a'.repeat(64),
      })
      .execute();
    expect(
      (await follow('?query=title%3Aheliostat%20OR%20TITLE%3Apizza&type=boolean', reader.idToken)).status,
    ).toBe(200);
    expect(
      (await follow('?query=title%3Aheliostat%20or%20title%3Apizza&type=boolean', reader.idToken)).status,
    ).toBe(200);
    const listed = await graphql(app.baseUrl, '{ savedSearches { query } }', {}, reader.idToken);
    expect(listed.data.savedSearches.map((search: { query: string }) => search.query).sort()).toEqual([
      'title:heliostat OR title:pizza',
      'title:heliostat or title:pizza',
    ]);
  });
});
