import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall, collectionsUser } from './collections-kit.js';
import { graphql } from './http.js';

const LANDSCAPE = `query L($id: ID!) {
  landscape(input: { collection: $id }) {
    basis counted total estimated
    byYear { value count }
    topOwners(limit: 5) { value count }
    byCountry(limit: 5) { value count }
  }
}`;

let app: TestApp;
let analyst: EmulatorUser;
let key: string;
let collectionId: string;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  const patents = [
    patentRow({
      lens_id: '400-000-000-000-001',
      jurisdiction: 'US',
      date_published: '2019-01-01',
      owners: ['ACME'],
    }),
    patentRow({
      lens_id: '400-000-000-000-002',
      jurisdiction: 'EP',
      date_published: '2021-01-01',
      owners: ['ACME'],
    }),
    patentRow({
      lens_id: '400-000-000-000-003',
      jurisdiction: 'EP',
      date_published: '2021-06-01',
      owners: ['BETA'],
    }),
  ];
  await insertPatents(app.database.db, patents);
  analyst = await collectionsUser(app, 'Ana');
  key = (await app.services.analytics.keys.create({ email: analyst.email, label: 'test' })).key;
  const as = collectionsCall(app, analyst.idToken);
  collectionId = (await as('POST', '', { name: 'Landscape set' })).body.id;
  for (const patent of patents) await as('POST', `/${collectionId}/members`, { lens_id: patent.lens_id });
  // A member that left the corpus is not counted.
  await app.database.db.deleteFrom('patents').where('lens_id', '=', '400-000-000-000-003').execute();
});
afterAll(() => app.close());

describe("the analysts' landscape over a collection", () => {
  it('aggregates the members still in the corpus', async () => {
    const answer = await graphql(app.baseUrl, LANDSCAPE, { id: collectionId }, key);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.landscape).toEqual({
      basis: 'all 2 patents of the collection',
      counted: 2,
      total: 2,
      estimated: false,
      byYear: [
        { value: '2019', count: 1 },
        { value: '2021', count: 1 },
      ],
      topOwners: [{ value: 'ACME', count: 2 }],
      byCountry: expect.arrayContaining([
        { value: 'US', count: 1 },
        { value: 'EP', count: 1 },
      ]),
    });
  });

  it("answers 404 for someone else's collection, and 403 for a non-analyst", async () => {
    const other = await collectionsUser(app, 'Otto');
    const theirs = (await collectionsCall(app, other.idToken)('POST', '', { name: 'Private' })).body.id;
    const refused = await graphql(app.baseUrl, LANDSCAPE, { id: theirs }, key);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'COLLECTION_NOT_FOUND', status: 404 });
    const notAnalyst = await graphql(app.baseUrl, LANDSCAPE, { id: theirs }, other.idToken);
    expect(notAnalyst.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});
