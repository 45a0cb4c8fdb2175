import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall, collectionsUser } from './collections-kit.js';
import { graphql } from './http.js';

/** Changes racing each other on one collection: every answer says what happened (issue 59). */

let app: TestApp;
let owner: EmulatorUser;
let editor: EmulatorUser;
let byOwner: ReturnType<typeof collectionsCall>;
let byEditor: ReturnType<typeof collectionsCall>;
const PATENT = '400-000-000-000-001';
const ROUNDS = 40;

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [patentRow({ lens_id: PATENT })]);
  owner = await collectionsUser(app, 'Rosa');
  editor = await collectionsUser(app, 'Ed');
  byOwner = collectionsCall(app, owner.idToken);
  byEditor = collectionsCall(app, editor.idToken);
});
afterAll(() => app.close());

/** A collection of the owner's with `editor` as an accepted editor. */
async function sharedCollection(name: string): Promise<string> {
  const { body } = await byOwner('POST', '', { name });
  await app.database.db
    .insertInto('collection_shares')
    .values({
      collection_id: body.id,
      email: editor.email,
      role: 'editor',
      invite_token: `t-${body.id}`,
      user_uid: editor.uid,
    })
    .execute();
  return body.id as string;
}

const tally = (answers: string[]) =>
  answers.reduce<Record<string, number>>(
    (counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }),
    {},
  );

describe('collections: racing changes', () => {
  it("answers an editor's add racing the owner's delete with 201 or COLLECTION_NOT_FOUND, never a 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const id = await sharedCollection(`Deleted ${round}`);
        const [added] = await Promise.all([
          byEditor('POST', `/${id}/members`, { lens_id: PATENT }),
          byOwner('DELETE', `/${id}`),
        ]);
        return added.status === 201 ? '201' : `${added.status} ${added.body?.code}`;
      }),
    );
    expect(
      Object.keys(tally(answers)).filter((answer) => !['201', '404 COLLECTION_NOT_FOUND'].includes(answer)),
    ).toEqual([]);
  });

  it('answers the same race through GraphQL with the member or COLLECTION_NOT_FOUND', async () => {
    const answers = await Promise.all(
      Array.from({ length: ROUNDS }, async (_, round) => {
        const id = await sharedCollection(`Deleted via GraphQL ${round}`);
        const [added] = await Promise.all([
          graphql(
            app.baseUrl,
            'mutation A($id: ID!, $l: String!) { addCollectionMember(id: $id, input: { lens_id: $l }) { lens_id } }',
            { id, l: PATENT },
            editor.idToken,
          ),
          byOwner('DELETE', `/${id}`),
        ]);
        return added.errors ? String(added.errors[0]?.extensions?.code) : 'added';
      }),
    );
    expect(
      Object.keys(tally(answers)).filter((answer) => !['added', 'COLLECTION_NOT_FOUND'].includes(answer)),
    ).toEqual([]);
  });

  it("answers an add racing another editor's removal of the same patent with the member as written", async () => {
    // 100 races, ten collections at a time (the issue saw 4 wrong answers in 200).
    const wrong = await Promise.all(
      Array.from({ length: 10 }, async (_, lane) => {
        const id = await sharedCollection(`Add and remove ${lane}`);
        const lost: string[] = [];
        for (let round = 0; round < 10; round += 1) {
          await byOwner('POST', `/${id}/members`, { lens_id: PATENT });
          const [added] = await Promise.all([
            byOwner('POST', `/${id}/members`, { lens_id: PATENT, note: `round ${round}` }),
            byEditor('DELETE', `/${id}/members/${PATENT}`),
          ]);
          if (added.status !== 201 || added.body.note !== `round ${round}`)
            lost.push(`${lane}/${round}: ${added.status} ${added.body?.message ?? added.body?.note}`);
        }
        return lost;
      }),
    );
    expect(wrong.flat()).toEqual([]);
  }, 180_000);
});
