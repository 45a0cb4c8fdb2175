import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall, collectionsUser } from './collections-kit.js';
import { call, graphql } from './http.js';

let app: TestApp;
let owner: EmulatorUser;
let as: ReturnType<typeof collectionsCall>;
const PATENTS = Array.from({ length: 12 }, (_, index) =>
  patentRow({ lens_id: `100-000-000-000-${String(index).padStart(3, '0')}`, title: `GADGET ${index}` }),
);
const lens = (index: number) => PATENTS[index]!.lens_id;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, PATENTS);
  owner = await collectionsUser(app, 'Olga');
  as = collectionsCall(app, owner.idToken);
});
afterAll(() => app.close());

describe('collections', () => {
  it('creates, lists, renames, annotates and deletes a collection', async () => {
    const created = await as('POST', '', { name: 'Prior art for ACME', description: 'Client 42' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Prior art for ACME',
      description: 'Client 42',
      role: 'owner',
      size: 0,
    });
    const id = created.body.id as string;

    const added = await as('POST', `/${id}/members`, {
      lens_id: lens(0),
      note: 'Claim 1 reads on it',
      tags: ['key', 'Key', 'robot'],
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      lens_id: lens(0),
      note: 'Claim 1 reads on it',
      tags: ['key', 'robot'],
      in_corpus: true,
      title: 'GADGET 0',
    });
    await as('POST', `/${id}/members`, { lens_id: lens(1) });

    const patched = await as('PATCH', `/${id}/members/${lens(1)}`, { tags: ['later'] });
    expect(patched.body).toMatchObject({ note: '', tags: ['later'] });
    const renamed = await as('PATCH', `/${id}`, { name: 'Prior art (ACME)' });
    expect(renamed.body.name).toBe('Prior art (ACME)');

    const read = await as('GET', `/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.size).toBe(2);
    expect(read.body.members.map((member: { lens_id: string }) => member.lens_id).sort()).toEqual([
      lens(0),
      lens(1),
    ]);
    expect(read.body.members.find((member: { lens_id: string }) => member.lens_id === lens(0))).toMatchObject(
      {
        note: 'Claim 1 reads on it',
        tags: ['key', 'robot'],
      },
    );

    const listed = await as('GET', `?lens_id=${lens(0)}`);
    expect(listed.body.collections).toContainEqual(expect.objectContaining({ id, size: 2, contains: true }));
    const notes = await as('GET', `/notes/${lens(0)}`);
    expect(notes.body.notes).toEqual([
      {
        collection_id: id,
        collection_name: 'Prior art (ACME)',
        note: 'Claim 1 reads on it',
        tags: ['key', 'robot'],
      },
    ]);

    expect((await as('DELETE', `/${id}/members/${lens(1)}`)).body).toEqual({ lens_id: lens(1) });
    expect((await as('DELETE', `/${id}/members/${lens(1)}`)).status).toBe(404);
    expect((await as('DELETE', `/${id}`)).status).toBe(200);
    expect((await as('GET', `/${id}`)).body.code).toBe('COLLECTION_NOT_FOUND');
  });

  it('refuses bad input with a clear message', async () => {
    const { body: made } = await as('POST', '', { name: 'Checked' });
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', '', { name: '' }, 400, /name/],
      ['POST', '', { name: 'x'.repeat(101) }, 400, /at most 100/],
      ['POST', '', { name: 'checked' }, 409, /already have a collection named/],
      ['POST', `/${made.id}/members`, { lens_id: lens(2), note: 'n'.repeat(2001) }, 400, /at most 2000/],
      ['POST', `/${made.id}/members`, { lens_id: '999-999-999-999-999' }, 404, /No patent/],
      ['POST', `/${made.id}/members`, { lens_id: lens(2), tags: [''] }, 400, /tag/],
      ['PATCH', `/${made.id}/members/${lens(3)}`, { note: 'x' }, 404, /not in this collection/],
      ['PATCH', `/${made.id}`, {}, 400, /Nothing to change/],
      ['GET', '/not-a-uuid', undefined, 400, /collection id is not valid/],
    ];
    const wrong: string[] = [];
    for (const [method, path, body, status, message] of cases) {
      const answer = await as(method, path, body);
      if (answer.status !== status || !message.test(answer.body?.message ?? ''))
        wrong.push(`${method} ${path}: ${answer.status} ${answer.body?.message}`);
    }
    expect(wrong).toEqual([]);
    const twoThousand = await as('POST', `/${made.id}/members`, { lens_id: lens(2), note: 'n'.repeat(2000) });
    expect(twoThousand.status).toBe(201);
  });

  it('keeps at most 200 collections per user and 10,000 members per collection', async () => {
    const user = await collectionsUser(app, 'Lim');
    const mine = collectionsCall(app, user.idToken);
    await app.database.db
      .insertInto('collections')
      .values(Array.from({ length: 199 }, (_, index) => ({ owner_uid: user.uid, name: `Set ${index}` })))
      .execute();
    const last = await mine('POST', '', { name: 'The last one' });
    expect(last.status).toBe(201);
    const beyond = await mine('POST', '', { name: 'One too many' });
    expect(beyond.status).toBe(409);
    expect(beyond.body).toMatchObject({ code: 'COLLECTION_LIMIT_REACHED' });
    expect(beyond.body.message).toMatch(/200 collections/);

    await app.database.db
      .insertInto('collection_members')
      .values(
        Array.from({ length: 9_999 }, (_, index) => ({
          collection_id: last.body.id,
          lens_id: `gone-${index}`,
          doc_key: `XX_${index}`,
          patent_title: 'Old',
          family_id: null,
          added_by: user.uid,
        })),
      )
      .execute();
    expect((await mine('POST', `/${last.body.id}/members`, { lens_id: lens(4) })).status).toBe(201);
    const full = await mine('POST', `/${last.body.id}/members`, { lens_id: lens(5) });
    expect(full.status).toBe(409);
    expect(full.body.message).toMatch(/10,000 patents/);
    // A member already there can still be annotated.
    expect((await mine('POST', `/${last.body.id}/members`, { lens_id: lens(4), note: 'still' })).status).toBe(
      201,
    );
  });

  it('loses nothing when two editors add, remove and annotate at once', async () => {
    const editor = await collectionsUser(app, 'Eddie');
    const { body: made } = await as('POST', '', { name: 'Busy' });
    await app.database.db
      .insertInto('collection_shares')
      .values({
        collection_id: made.id,
        email: editor.email,
        role: 'editor',
        invite_token: `t-${made.id}`,
        user_uid: editor.uid,
      })
      .execute();
    const byEditor = collectionsCall(app, editor.idToken);
    for (const index of [0, 1, 2, 3]) await as('POST', `/${made.id}/members`, { lens_id: lens(index) });

    await Promise.all([
      ...[4, 5, 6, 7].map((index) =>
        as('POST', `/${made.id}/members`, { lens_id: lens(index), note: `owner ${index}` }),
      ),
      ...[8, 9, 10, 11].map((index) =>
        byEditor('POST', `/${made.id}/members`, { lens_id: lens(index), tags: ['editor'] }),
      ),
      as('DELETE', `/${made.id}/members/${lens(0)}`),
      byEditor('DELETE', `/${made.id}/members/${lens(1)}`),
      as('PATCH', `/${made.id}/members/${lens(2)}`, { note: 'by the owner' }),
      byEditor('PATCH', `/${made.id}/members/${lens(2)}`, { tags: ['by the editor'] }),
      byEditor('PATCH', `/${made.id}/members/${lens(3)}`, { note: 'by the editor' }),
    ]);

    const { body } = await as('GET', `/${made.id}`);
    const byLens = new Map(body.members.map((member: { lens_id: string }) => [member.lens_id, member]));
    expect([...byLens.keys()].sort()).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(lens).sort());
    expect(byLens.get(lens(2))).toMatchObject({ note: 'by the owner', tags: ['by the editor'] });
    expect(byLens.get(lens(3))).toMatchObject({ note: 'by the editor' });
    expect(byLens.get(lens(6))).toMatchObject({ note: 'owner 6' });
    expect(byLens.get(lens(9))).toMatchObject({ tags: ['editor'] });
    expect(body.size).toBe(10);
  });

  it('shows a member that left the corpus as no longer in it, and logs the change', async () => {
    const leaving = patentRow({ lens_id: '100-000-000-999-001', title: 'LEAVING', family_id: 'fam-leaving' });
    await insertPatents(app.database.db, [leaving]);
    const { body: made } = await as('POST', '', { name: 'Watched set' });
    await as('POST', `/${made.id}/members`, { lens_id: leaving.lens_id, note: 'keep me' });

    await app.database.db
      .updateTable('patents')
      .set({ patent_status: 'EXPIRED' })
      .where('lens_id', '=', leaving.lens_id)
      .execute();
    await insertPatents(app.database.db, [
      patentRow({ lens_id: '100-000-000-999-002', family_id: 'fam-leaving' }),
    ]);
    await app.database.db.deleteFrom('patents').where('lens_id', '=', leaving.lens_id).execute();

    const { body } = await as('GET', `/${made.id}`);
    expect(body.members).toEqual([
      expect.objectContaining({
        lens_id: leaving.lens_id,
        in_corpus: false,
        title: 'LEAVING',
        note: 'keep me',
      }),
    ]);
    const changes = await app.database.db
      .selectFrom('patent_changes')
      .select(['lens_id', 'kind', 'detail'])
      .where('family_id', '=', 'fam-leaving')
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      { lens_id: leaving.lens_id, kind: 'legal_status', detail: 'ACTIVE → EXPIRED' },
      { lens_id: '100-000-000-999-002', kind: 'family_member', detail: expect.stringMatching(/^US \d+ B2$/) },
      { lens_id: leaving.lens_id, kind: 'removed', detail: 'LEAVING' },
    ]);
  });

  it("deletes a closed account's collections and links, and removes it as an editor elsewhere", async () => {
    const leaver = await collectionsUser(app, 'Leo');
    const byLeaver = collectionsCall(app, leaver.idToken);
    const { body: theirs } = await byLeaver('POST', '', { name: 'Leaving with me' });
    const { body: link } = await byLeaver('POST', `/${theirs.id}/link`);
    const { body: shared } = await as('POST', '', { name: 'Shared with Leo' });
    await app.database.db
      .insertInto('collection_shares')
      .values({
        collection_id: shared.id,
        email: leaver.email,
        role: 'editor',
        invite_token: `t-${shared.id}`,
        user_uid: leaver.uid,
      })
      .execute();

    const closed = await call(app.baseUrl, 'DELETE', '/api/users', {
      token: leaver.idToken,
      body: { email: leaver.email },
    });
    expect(closed.status).toBe(200);

    const left = await app.database.db
      .selectFrom('collections')
      .select('id')
      .where('owner_uid', '=', leaver.uid)
      .execute();
    expect(left).toEqual([]);
    expect((await as('GET', `/shared/${link.link_token}`)).status).toBe(404);
    expect((await as('GET', `/${shared.id}`)).body.shares).toEqual([]);
  });

  it('answers the same through GraphQL', async () => {
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await graphql(app.baseUrl, query, variables, owner.idToken)) as any;
    const created = await gql(
      'mutation { createCollection(input: { name: "Via GraphQL", description: null }) { id name role } }',
    );
    const id = created.data.createCollection.id;
    await gql(
      'mutation A($id: ID!, $l: String!) { addCollectionMember(id: $id, input: { lens_id: $l, note: "n", tags: ["t"] }) { lens_id } }',
      {
        id,
        l: lens(7),
      },
    );
    const read = await gql(
      'query C($id: ID!) { collection(id: $id) { name size members { lens_id note tags in_corpus } } }',
      { id },
    );
    expect(read.data.collection).toEqual({
      name: 'Via GraphQL',
      size: 1,
      members: [{ lens_id: lens(7), note: 'n', tags: ['t'], in_corpus: true }],
    });
    const missing = await gql('query { collection(id: "00000000-0000-4000-8000-000000000000") { id } }');
    expect(missing.errors[0].extensions).toMatchObject({ code: 'COLLECTION_NOT_FOUND', status: 404 });
  });
});
