import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call, graphql } from './http.js';

let app: TestApp;
let owner: EmulatorUser;
let stranger: EmulatorUser;
let limited: EmulatorUser;

const QUERY = 'a gyroscope that steadies camera drones in strong wind';
const family = (id: string, jurisdiction: string, title: string) =>
  patentRow({
    title,
    ai_title: title,
    abstract: 'A gyroscope steadies drones carrying cameras in wind.',
    family_id: id,
    jurisdiction,
  });

beforeAll(async () => {
  app = await startTestApp({ env: { FREE_SEARCHES_PER_MONTH: '2' } });
  await insertPatents(app.database.db, [
    family('GYRO-1', 'US', 'GYROSCOPE FOR CAMERA DRONES'),
    family('GYRO-1', 'EP', 'GYROSCOPE FOR CAMERA DRONES'),
    family('GYRO-2', 'AU', 'WIND STEADIED DRONE GYROSCOPE'),
    patentRow({ title: 'PIZZA OVEN', abstract: 'Bakes pizza.', family_id: 'PIZZA' }),
  ]);
  [owner, stranger, limited] = await Promise.all([
    createEmulatorUser({ verified: true }),
    createEmulatorUser({ verified: true }),
    createEmulatorUser({ verified: true }),
  ]);
  await app.database.db
    .insertInto('users')
    .values([
      { uid: owner.uid, email: owner.email, name: 'Olga' },
      { uid: stranger.uid, email: stranger.email, name: 'Stan' },
      { uid: limited.uid, email: limited.email, name: 'Lim' },
    ])
    .execute();
});
afterAll(() => app.close());

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Share of dark pixels on a PDF's first page, as Poppler's pdftoppm renders it (greyscale). */
function inkOnFirstPage(pdf: Buffer): number {
  const folder = mkdtempSync(path.join(tmpdir(), 'oneshot-report-'));
  writeFileSync(path.join(folder, 'report.pdf'), pdf);
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-r', '40', '-gray', 'report.pdf', 'page'], {
    cwd: folder,
  });
  const image = readFileSync(path.join(folder, 'page-1.pgm'));
  // P5 header: magic, width, height, maxval, each followed by white space; then one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.toString('latin1', 0, 40))!;
  const pixels = image.subarray(header[0].length);
  expect(pixels.length).toBe(Number(header[1]) * Number(header[2]));
  return pixels.filter((value) => value < 160).length / pixels.length;
}

async function mailsTo(email: string) {
  const { body } = await call(app.baseUrl, 'GET', '/dev/outbox');
  return (body.messages as { id: number; to: string[]; subject: string }[]).filter((message) =>
    message.to.includes(email),
  );
}

const download = (requestId: string, token: string) =>
  fetch(`${app.baseUrl}/api/v1/oneshot-search/${requestId}/report.pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe('one-shot searches', () => {
  it('accepts at once, uses a credit, then mails a PDF report of the matching families', async () => {
    const accepted = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
      token: owner.idToken,
      body: { query: QUERY },
    });
    expect(accepted.status).toBe(202);
    const requestId = accepted.body.requestId as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: owner.idToken })).body).toBe(1);

    const [mail] = await until(async () => {
      const mails = await mailsTo(owner.email);
      return mails.length > 0 ? mails : undefined;
    }, 'the report e-mail');
    expect(mail!.subject).toBe('PatentScout: your one-shot search is ready');
    const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${mail!.id}`);
    expect(message.text).toContain('found 2 patent families');
    expect(message.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

    const response = await download(requestId, owner.idToken);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    // The cover renders: the product's name, the question and the date put ink on the page.
    expect(inkOnFirstPage(bytes)).toBeGreaterThan(0.002);
    const pdf = bytes.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf).toContain(`(PatentScout one-shot report: ${QUERY})`);
    // Cover, summary, and one page for each of the two families (the pizza oven is not one).
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(4);

    const previous = await graphql(
      app.baseUrl,
      '{ previousSearches { id kind query status resultCount } }',
      {},
      owner.idToken,
    );
    expect(previous.data.previousSearches).toEqual([
      { id: requestId, kind: 'oneshot', query: QUERY, status: 'done', resultCount: 2 },
    ]);
  });

  it('lets only the owner download a report; a malformed id is a 404 too', async () => {
    const [mine] = (await graphql(app.baseUrl, '{ previousSearches { id } }', {}, owner.idToken)).data
      .previousSearches;
    expect((await download(mine.id, stranger.idToken)).status).toBe(404);
    expect((await download('not-a-uuid', owner.idToken)).status).toBe(404);
    expect((await download(mine.id, '')).status).toBe(401);
  });

  it('refuses an empty question and, at the limit, a free user, with nothing queued', async () => {
    const empty = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
      token: owner.idToken,
      body: { query: '  ' },
    });
    expect(empty.status).toBe(400);
    const viaGraphql = (query: string) =>
      graphql(
        app.baseUrl,
        'mutation($q: String!) { requestOneShotSearch(query: $q) { requestId account { searchCount limited } } }',
        { q: query },
        limited.idToken,
      );
    // Each accepted request's payload carries the account as the request left it (the header's count).
    const accepted = [];
    for (const question of ['first', 'second', 'third']) {
      const { requestId, account } = (await viaGraphql(`${question} question about drones`)).data
        .requestOneShotSearch;
      expect(requestId).toBeTruthy();
      accepted.push(account);
    }
    // Limited once the count is above the allowance: the third still goes through.
    expect(accepted).toEqual([
      { searchCount: 1, limited: false },
      { searchCount: 2, limited: false },
      { searchCount: 3, limited: true },
    ]);
    const refused = await viaGraphql('fourth question about drones');
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'SEARCH_LIMIT_REACHED', status: 402 });
    const requests = await app.database.db
      .selectFrom('oneshot_requests')
      .select('id')
      .where('user_uid', '=', limited.uid)
      .execute();
    expect(requests).toHaveLength(3);
  });

  it('runs again a request whose worker died midway, and mails it once', async () => {
    const row = await app.database.db
      .insertInto('oneshot_requests')
      .values({
        user_uid: stranger.uid,
        query: QUERY,
        status: 'running',
        updated_at: new Date(Date.now() - 10 * 60_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await app.services.oneShot.resumeStale()).toBeGreaterThanOrEqual(1);
    await until(
      async () => ((await mailsTo(stranger.email)).length > 0 ? true : undefined),
      'the resumed report',
    );
    const done = await app.database.db
      .selectFrom('oneshot_requests')
      .select(['status', 'attempts'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'done', attempts: 1 });
    await app.services.oneShot.resumeStale();
    await app.services.oneShot.run(row.id);
    expect(await mailsTo(stranger.email)).toHaveLength(1);
  });

  it('gives the credit back when a request fails for good, once', async () => {
    const user = await createEmulatorUser({ verified: true });
    await app.database.db
      .insertInto('users')
      .values({ uid: user.uid, email: user.email, name: 'Ref' })
      .execute();
    const count = async () =>
      (await call(app.baseUrl, 'GET', '/api/users/searchCount', { token: user.idToken })).body;
    // A request as `request` saves it, held unfinished so that no worker takes it first.
    const creditId = await app.services.plans.chargeCredit(user.uid, { kind: 'oneshot', query: QUERY });
    const row = await app.database.db
      .insertInto('oneshot_requests')
      .values({ user_uid: user.uid, query: QUERY, status: 'running', credit_event_id: creditId })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await count()).toBe(1);

    await app.services.oneShot.fail(row.id, new Error('the search engine is down'));
    expect(await count()).toBe(0);
    const failed = await app.database.db
      .selectFrom('oneshot_requests')
      .select(['status', 'error'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ status: 'failed', error: 'the search engine is down' });

    // A second report of the same failure gives nothing back twice.
    await app.services.plans.chargeCredit(user.uid, { kind: 'oneshot', query: 'another question' });
    await app.services.oneShot.fail(row.id, new Error('again'));
    expect(await count()).toBe(1);
  });
});
