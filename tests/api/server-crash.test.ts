import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';
import { killWorker, startWorker, until } from './worker-process.js';

/**
 * `kill -9` of the server while searches, favourite writes and one-shot orders are in flight,
 * then a restart: accounts, favourites, monthly counts and queued jobs are intact, every
 * acknowledged write is there, and nothing is done twice.
 */
const USERS = 3;
const PER_USER = 12;
const PATENTS = Array.from({ length: PER_USER }, (_, n) =>
  patentRow({
    lens_id: `100-200-300-400-${String(n).padStart(3, '0')}`,
    title: `SOLAR PANEL CLEANING ROBOT ${n}`,
    abstract: `A robot that cleans solar panels on roofs, design ${n}.`,
  }),
);

let app: TestApp;
let users: EmulatorUser[];
const workers: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, PATENTS);
  users = await Promise.all(Array.from({ length: USERS }, () => createEmulatorUser({ verified: true })));
  await app.database.db
    .insertInto('users')
    .values(users.map((user, n) => ({ uid: user.uid, email: user.email, name: `Crash ${n}` })))
    .execute();
}, 120_000);
afterAll(async () => {
  for (const worker of workers) await killWorker(worker);
  await app?.close();
});

interface Sent {
  kind: 'search' | 'favourite';
  user: EmulatorUser;
  key: string;
  acknowledged: boolean;
}

/** Every user's searches and favourite writes, all at once. */
function burst(baseUrl: string): Promise<Sent>[] {
  return users.flatMap((user) =>
    Array.from({ length: PER_USER }, (_, n) => {
      const lensId = PATENTS[n]!.lens_id;
      const kind = n % 2 ? 'favourite' : 'search';
      const request =
        kind === 'search'
          ? call(baseUrl, 'POST', '/api/v1/ai-search', {
              token: user.idToken,
              body: { query: `robots that clean solar panels, take ${n}` },
            })
          : call(baseUrl, 'PUT', '/api/v1/favourites', {
              token: user.idToken,
              body: { doc_key: `US_${n}_A`, patent_title: `Robot ${n}`, lens_id: lensId },
            });
      return request.then(
        (answer) => ({
          kind,
          user,
          key: lensId,
          acknowledged: answer.status === 200 || answer.status === 202,
        }),
        () => ({ kind, user, key: lensId, acknowledged: false }),
      ) as Promise<Sent>;
    }),
  );
}

describe('the server killed with kill -9 mid-traffic', () => {
  it('restarts with every acknowledged write, consistent counts and its queued jobs done exactly once', async () => {
    const first = await startWorker(app);
    workers.push(first.process);
    // One-shot orders first: accepted, their jobs queued or running when the kill comes.
    const orders: string[] = [];
    for (const user of users) {
      const accepted = await call(first.url, 'POST', '/api/v1/oneshot-search', {
        token: user.idToken,
        body: { query: 'a robot that cleans the solar panels on a roof without water' },
      });
      expect(accepted.status).toBe(202);
      orders.push(accepted.body.requestId as string);
    }
    const inFlight = burst(first.url);
    // Killed once half the answers arrived: the rest are mid-flight.
    let answered = 0;
    await new Promise<void>((resolve) => {
      for (const request of inFlight)
        void request.then(() => {
          answered += 1;
          if (answered === Math.ceil(inFlight.length / 2)) resolve();
        });
    });
    await killWorker(first.process);
    const sent = await Promise.all(inFlight);
    const acknowledged = sent.filter((entry) => entry.acknowledged);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeLessThan(sent.length);

    const second = await startWorker(app);
    workers.push(second.process);
    const db = app.database.db;

    // Accounts intact.
    const accounts = await db.selectFrom('users').select(['uid', 'name']).orderBy('name').execute();
    expect(accounts.map((account) => account.name)).toEqual(['Crash 0', 'Crash 1', 'Crash 2']);

    for (const user of users) {
      const mine = sent.filter((entry) => entry.user === user);
      // Every acknowledged favourite is there, once; saving them all again changes nothing.
      const favourites = async () =>
        (await db.selectFrom('favourites').select('lens_id').where('user_uid', '=', user.uid).execute()).map(
          (row) => row.lens_id,
        );
      const saved = await favourites();
      expect(new Set(saved).size).toBe(saved.length);
      for (const entry of mine.filter((e) => e.kind === 'favourite' && e.acknowledged))
        expect(saved).toContain(entry.key);

      // The monthly count is the recorded searches and the one-shot credit: at least every
      // acknowledged one, at most every one sent, and the server reports the same after the restart.
      const charged = mine.filter((e) => e.kind === 'search');
      const events = Number(
        (
          await db
            .selectFrom('search_events')
            .select(sql<number>`count(*)`.as('n'))
            .where('user_uid', '=', user.uid)
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(events).toBeGreaterThanOrEqual(charged.filter((e) => e.acknowledged).length + 1);
      expect(events).toBeLessThanOrEqual(charged.length + 1);
      const reported = await call(second.url, 'GET', '/api/users/searchCount', { token: user.idToken });
      expect(reported).toEqual({ status: 200, body: events });
    }

    // Queued one-shot jobs: each order ends done, with one report e-mail.
    // A run the kill interrupted is resumed by the sweeper once it is stale: make it stale now.
    await db
      .updateTable('oneshot_requests')
      .set({ updated_at: new Date(Date.now() - 10 * 60_000) })
      .where('status', '=', 'running')
      .execute();
    await app.services.oneShot.resumeStale();
    await until(
      async () => {
        const rows = await db
          .selectFrom('oneshot_requests')
          .select(['id', 'status'])
          .where('id', 'in', orders)
          .execute();
        return rows.length === orders.length && rows.every((row) => row.status === 'done') ? rows : undefined;
      },
      'every acknowledged one-shot to be done',
      120,
    );
    // One report e-mail per order (the mail's key is the order's: a second could not be queued).
    const keys = orders.map((id) => `oneshot:${id}`);
    const mails = await db
      .selectFrom('mail_messages')
      .select('idempotency_key')
      .where('idempotency_key', 'in', keys)
      .execute();
    expect(mails.map((mail) => mail.idempotency_key).sort()).toEqual(keys.sort());
  }, 240_000);
});
