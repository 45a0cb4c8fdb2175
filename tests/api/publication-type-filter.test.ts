import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { givePaidPlan } from '@patentscout/server/testing/plans';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

/**
 * The publication_type filter, added in the four places a filter lives (the SDL, the engine's
 * definition, the search vocabulary, the filter panel), works everywhere a filter goes: REST,
 * GraphQL, the results address, weekly updates and landscapes.
 */
let app: TestApp;
let user: EmulatorUser;

const grant = patentRow({ title: 'TIDAL TURBINE BLADE', kind: 'B1' });
// Until 2001 the US published its grants with kind A: a kind letter would miss this one.
const oldUsGrant = patentRow({ title: 'TIDAL TURBINE HUB', kind: 'A', date_published: '1998-06-02' });
const application = patentRow({
  title: 'TIDAL TURBINE MOORING',
  kind: 'A1',
  publication_type: 'PATENT_APPLICATION',
  patent_status: 'PENDING',
});

beforeAll(async () => {
  app = await startTestApp();
  await insertPatents(app.database.db, [grant, oldUsGrant, application]);
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Pat' })
    .execute();
  await givePaidPlan(app.database.db, user.uid);
});
afterAll(() => app.close());

const idsOf = (body: { data: { lens_id: string }[] }) => body.data.map((item) => item.lens_id).sort();

describe('the publication_type filter', () => {
  it('keeps the publication types asked for, through REST and GraphQL alike', async () => {
    const granted = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: user.idToken,
      body: { query: 'title:tidal', publication_type: ['granted_patent'] },
    });
    expect(granted.status).toBe(200);
    expect(idsOf(granted.body)).toEqual([grant.lens_id, oldUsGrant.lens_id].sort());
    const byKind = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: user.idToken,
      body: { query: 'title:tidal', kind: ['B'] },
    });
    expect(idsOf(byKind.body)).toEqual([grant.lens_id]);

    const viaGraphql = await graphql(
      app.baseUrl,
      'mutation($input: SearchInput!) { aiSearch(input: $input) { results { data { lens_id } } } }',
      { input: { query: 'a tidal turbine for the open sea', publication_type: ['PATENT_APPLICATION'] } },
      user.idToken,
    );
    expect(viaGraphql.data.aiSearch.results.data.map((item: { lens_id: string }) => item.lens_id)).toEqual([
      application.lens_id,
    ]);
  });

  it('refuses a publication type that does not exist, saying which do', async () => {
    const refused = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
      token: user.idToken,
      body: { query: 'title:tidal', publication_type: ['PATENTED'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION_FAILED');
    expect(refused.body.message).toContain('Publication types must be: GRANTED_PATENT, PATENT_APPLICATION');
  });

  it('is followed from a results address, which keeps it', async () => {
    const followed = await call(app.baseUrl, 'POST', '/api/v1/registerSearchUpdates', {
      token: user.idToken,
      rawBody: '?query=title%3Atidal&type=boolean&publication_type=PATENT_APPLICATION',
      contentType: 'text/plain',
    });
    expect(followed.status).toBe(200);
    const listed = await graphql(app.baseUrl, '{ savedSearches { resultsPath } }', {}, user.idToken);
    expect(listed.data.savedSearches).toEqual([
      { resultsPath: '/search/results?query=title%3Atidal&type=boolean&publication_type=PATENT_APPLICATION' },
    ]);
    const saved = await app.database.db
      .selectFrom('saved_searches')
      .select('filters')
      .executeTakeFirstOrThrow();
    expect(saved.filters).toMatchObject({ publication_type: ['PATENT_APPLICATION'] });
  });

  it("narrows an analyst's landscape", async () => {
    const analyst = await app.services.analytics.keys.create({ email: user.email });
    const landscape = await graphql(
      app.baseUrl,
      '{ landscape(input: { kind: ADVANCED, query: "title:tidal", publication_type: ["GRANTED_PATENT"] }) { counted total } }',
      {},
      analyst.key,
    );
    expect(landscape.data.landscape).toEqual({ counted: 2, total: 2 });
  });
});
