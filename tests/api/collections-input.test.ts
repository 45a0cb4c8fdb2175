import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall, collectionsUser } from './collections-kit.js';
import { graphql } from './http.js';

/** How the collections clean what they are given: names, notes, tags and ids (issue 59). */

let app: TestApp;
let owner: EmulatorUser;
let as: ReturnType<typeof collectionsCall>;
const PATENT = '300-000-000-000-001';

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [patentRow({ lens_id: PATENT })]);
  owner = await collectionsUser(app, 'Nora');
  as = collectionsCall(app, owner.idToken);
});
afterAll(() => app.close());

describe('collections: what they are given', () => {
  it('refuses a name with no visible character, and tells names apart only as read', async () => {
    for (const name of ['\u200b', ' \u200b\u200d ', '\ufeff\u2060', '\u00a0\u200e']) {
      const refused = await as('POST', '', { name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.message).toMatch(/name: at least one visible character/);
    }
    const { body: made } = await as('POST', '', { name: 'Keep' });
    const renamed = await as('PATCH', `/${made.id}`, { name: '\u200b' });
    expect(renamed.status).toBe(400);

    const precomposed = await as('POST', '', { name: '\u00e9cole' });
    expect(precomposed.status).toBe(201);
    const decomposed = await as('POST', '', { name: 'E\u0301cole' });
    expect(decomposed.status).toBe(409);
    expect(decomposed.body.code).toBe('COLLECTION_NAME_TAKEN');
    // Kept in one form (NFC), whichever was typed.
    const { body: other } = await as('POST', '', { name: 'Re\u0301sume\u0301' });
    expect(other.name).toBe('R\u00e9sum\u00e9');
  });

  it('checks the limits on what is kept: after trimming and after dropping duplicate tags', async () => {
    const { body: made } = await as('POST', '', { name: 'Limits' });
    const note = `${'n'.repeat(1999)}  `;
    const added = await as('POST', `/${made.id}/members`, { lens_id: PATENT, note });
    expect(added.status).toBe(201);
    expect(added.body.note).toBe('n'.repeat(1999));
    const noteTooLong = await as('POST', `/${made.id}/members`, { lens_id: PATENT, note: 'n'.repeat(2001) });
    expect(noteTooLong.status).toBe(400);

    const twenty = Array.from({ length: 20 }, (_, index) => `tag${index}`);
    const patched = await as('PATCH', `/${made.id}/members/${PATENT}`, { tags: [...twenty, 'TAG0'] });
    expect(patched.status).toBe(200);
    expect(patched.body.tags).toEqual(twenty);
    const tooMany = await as('PATCH', `/${made.id}/members/${PATENT}`, { tags: [...twenty, 'tag20'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 20 tags/);
    const invisibleTag = await as('PATCH', `/${made.id}/members/${PATENT}`, { tags: ['\u200b'] });
    expect(invisibleTag.status).toBe(400);
    expect(invisibleTag.body.message).toMatch(/tag cannot be empty/);
  });

  it('says which tags given were there already, in another case', async () => {
    const { body: made } = await as('POST', '', { name: 'Tags' });
    const added = await as('POST', `/${made.id}/members`, { lens_id: PATENT, tags: ['Urgent'] });
    expect(added.body).toMatchObject({ tags: ['Urgent'], duplicate_tags: [] });
    const again = await as('PATCH', `/${made.id}/members/${PATENT}`, { tags: ['Urgent', 'urgent'] });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ tags: ['Urgent'], duplicate_tags: ['urgent'] });

    const viaGraphQL = await graphql(
      app.baseUrl,
      'mutation U($id: ID!, $l: String!) { updateCollectionMember(id: $id, lensId: $l, input: { tags: ["Urgent", "URGENT", "later"] }) { tags duplicate_tags } }',
      { id: made.id, l: PATENT },
      owner.idToken,
    );
    expect(viaGraphQL.data.updateCollectionMember).toEqual({
      tags: ['Urgent', 'later'],
      duplicate_tags: ['URGENT'],
    });
    const read = await graphql(
      app.baseUrl,
      'query C($id: ID!) { collection(id: $id) { members { duplicate_tags } } }',
      { id: made.id },
      owner.idToken,
    );
    expect(read.data.collection.members).toEqual([{ duplicate_tags: null }]);
  });

  it('takes a collection id written in upper case as the same collection', async () => {
    const { body: made } = await as('POST', '', { name: 'Upper' });
    const upper = (made.id as string).toUpperCase();
    const read = await as('GET', `/${upper}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(made.id);
    const added = await as('POST', `/${upper}/members`, { lens_id: PATENT });
    expect(added.status).toBe(201);

    const viaGraphQL = await graphql(
      app.baseUrl,
      'query C($id: ID!) { collection(id: $id) { id size } }',
      { id: upper },
      owner.idToken,
    );
    expect(viaGraphQL.data?.collection).toEqual({ id: made.id, size: 1 });
    expect((await as('GET', '/not-a-uuid')).body.message).toMatch(/collection id is not valid/);
  });
});
