import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writePatentBatch } from '@patentscout/indexer/load/patent-writer';
import type { EmulatorUser } from '@patentscout/server/testing/emulator-users';
import {
  insertPatents,
  patentRow,
  storedPatent,
  type PatentFixture,
} from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { collectionsCall, collectionsUser } from './collections-kit.js';
import { call } from './http.js';

const NOW = new Date('2026-11-23T06:00:00Z');
let app: TestApp;
let owner: EmulatorUser;
let editor: EmulatorUser;
let viewer: EmulatorUser;
let collectionId: string;

const expiring = patentRow({
  lens_id: '300-000-000-000-001',
  title: 'EXPIRING ELECTRODE',
  family_id: 'fam-300',
  patent_status: 'ACTIVE',
});
const leaving = patentRow({ lens_id: '300-000-000-000-002', title: 'LEAVING ELECTRODE' });
const quiet = patentRow({ lens_id: '300-000-000-000-003', title: 'QUIET ELECTRODE' });

/** A re-index or ingest, through the indexer's own writer. */
const reindex = (rows: PatentFixture[]) =>
  writePatentBatch(
    app.database.db,
    rows.map((row, index) => ({ row: storedPatent(row), position: `test:${index}` })),
  );

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

beforeAll(async () => {
  app = await startTestApp({ clock: { now: () => NOW } });
  await insertPatents(app.database.db, [expiring, leaving, quiet]);
  owner = await collectionsUser(app, 'Wanda');
  editor = await collectionsUser(app, 'Ed');
  viewer = await collectionsUser(app, 'Vic');
  const as = collectionsCall(app, owner.idToken);
  const { body } = await as('POST', '', { name: 'Electrodes' });
  collectionId = body.id;
  for (const patent of [expiring, leaving, quiet])
    await as('POST', `/${collectionId}/members`, { lens_id: patent.lens_id });
  await as('PATCH', `/${collectionId}`, { watched: true });
  await app.database.db
    .insertInto('collection_shares')
    .values([
      {
        collection_id: collectionId,
        email: editor.email,
        role: 'editor',
        invite_token: 'w-editor',
        user_uid: editor.uid,
      },
      {
        collection_id: collectionId,
        email: viewer.email,
        role: 'viewer',
        invite_token: 'w-viewer',
        user_uid: viewer.uid,
      },
    ])
    .execute();
  await collectionsCall(app, editor.idToken)('PATCH', `/${collectionId}`, { watched: true });
});
afterAll(() => app.close());

describe('watching a collection', () => {
  it('mails the owner and an opted-in editor what a re-index changed, once', async () => {
    expect((await call(app.baseUrl, 'POST', '/dev/collections-watch')).body).toEqual({ users: 2, mails: 0 });

    await reindex([
      { ...expiring, patent_status: 'EXPIRED' },
      patentRow({ lens_id: '300-000-000-000-004', family_id: 'fam-300', jurisdiction: 'EP', kind: 'A1' }),
      quiet,
    ]);
    await app.database.db.deleteFrom('patents').where('lens_id', '=', leaving.lens_id).execute();

    expect((await call(app.baseUrl, 'POST', '/dev/collections-watch')).body).toEqual({ users: 2, mails: 2 });
    const [mail] = await waitForOutbox(owner.email, 1);
    expect(mail!.subject).toBe('PatentScout: changes in your collections, week ending 2026-11-22');
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${mail!.id}`);
    const text = message.text as string;
    expect(text).toContain('ELECTRODES');
    expect(text).toMatch(/EXPIRING ELECTRODE \(US \d+ B2\)/);
    expect(text).toContain('Legal status changed: ACTIVE → EXPIRED');
    expect(text).toMatch(/New member of its family published: EP \d+ A1/);
    expect(text).toContain('Removed from the corpus');
    expect(text).not.toContain('QUIET ELECTRODE');
    expect(message.html).toContain(`${app.config.http.publicUrl}/collections/${collectionId}`);
    expect(message.listUnsubscribe).toMatch(/\/api\/v1\/collections\/unwatch\?token=/);
    expect(await waitForOutbox(editor.email, 1)).toHaveLength(1);
    expect(await outboxTo(viewer.email)).toEqual([]);

    // Nothing new: nothing sent.
    expect((await call(app.baseUrl, 'POST', '/dev/collections-watch')).body).toEqual({ users: 2, mails: 0 });
    expect(await outboxTo(owner.email)).toHaveLength(1);
  });

  it("stops one collection's e-mail by its signed link, and refuses a forged one", async () => {
    const [mail] = await outboxTo(editor.email);
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${mail!.id}`);
    const link = /\/collections\/unwatch\?token=([\w.-]+)/.exec(message.html as string)![1]!;
    const stopped = await call(app.baseUrl, 'POST', `/api/v1/collections/unwatch?token=${link}`);
    expect(stopped.body).toEqual({ stopped: 1 });
    const read = await collectionsCall(app, editor.idToken)('GET', `/${collectionId}`);
    expect(read.body.watched).toBe(false);
    expect((await collectionsCall(app, owner.idToken)('GET', `/${collectionId}`)).body.watched).toBe(true);

    // The e-mail's own List-Unsubscribe stops every collection's e-mail of its reader.
    const [ownerMail] = await outboxTo(owner.email);
    const { body: ownerMessage } = await call(app.baseUrl, 'GET', `/dev/outbox/${ownerMail!.id}`);
    const oneClick = new URL(/<(.+)>/.exec(ownerMessage.listUnsubscribe as string)![1]!);
    expect((await call(app.baseUrl, 'POST', oneClick.pathname + oneClick.search)).body).toEqual({
      stopped: 1,
    });
    expect((await collectionsCall(app, owner.idToken)('GET', `/${collectionId}`)).body.watched).toBe(false);
    const forged = await call(
      app.baseUrl,
      'POST',
      `/api/v1/collections/unwatch?token=${link.replace(/.$/, 'x')}x`,
    );
    expect(forged.status).toBe(400);
  });
});
