import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulatorUser, type EmulatorUser } from '@patentscout/server/testing/emulator-users';
import { insertPatents, patentRow } from '@patentscout/server/testing/patent-fixtures';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';
import { startWorker, until } from './worker-process.js';

/**
 * The worker runs in a process of its own here, so the test can kill it with SIGKILL in the
 * middle of a one-shot run: after the report is built, while the transaction that marks the
 * request done and queues its e-mail is open.
 */
const QUERY = 'a gyroscope that steadies camera drones in strong wind';

let app: TestApp;
let user: EmulatorUser;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  app = await startTestApp({ runJobs: false });
  await insertPatents(app.database.db, [
    patentRow({
      title: 'GYROSCOPE FOR CAMERA DRONES',
      abstract: 'A gyroscope steadies drones carrying cameras in wind.',
      family_id: 'GYRO-1',
    }),
  ]);
  user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Kim' })
    .execute();
});
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await app?.close();
});

async function startOneShotWorker(): Promise<ChildProcess> {
  const { process: worker } = await startWorker(app);
  workers.push(worker);
  return worker;
}

async function connect(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: app.database.url });
  // The database is dropped with FORCE at the end; a session still open then must not crash the run.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

async function mailsTo(email: string) {
  const { body } = await call(app.baseUrl, 'GET', '/dev/outbox');
  return (body.messages as { id: number; to: string[] }[]).filter((message) => message.to.includes(email));
}

const requestRow = (id: string) =>
  app.database.db
    .selectFrom('oneshot_requests')
    .select(['status', 'attempts'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('a worker killed mid-job', () => {
  it(
    'leaves the request to be run again after a restart, which mails the report exactly once',
    { timeout: 120_000 },
    async () => {
      // Holding this lock, the worker's run stops at its final transaction's e-mail insert.
      const blocker = await connect();
      // A transaction sees pg_stat_activity as it was at its start: the probe has its own session.
      const observer = await connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE mail_messages IN EXCLUSIVE MODE');

      const first = await startOneShotWorker();
      const accepted = await call(app.baseUrl, 'POST', '/api/v1/oneshot-search', {
        token: user.idToken,
        body: { query: QUERY },
      });
      expect(accepted.status).toBe(202);
      const requestId = accepted.body.requestId as string;

      await until(async () => {
        const { rows } = await observer.query(
          `SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query ILIKE 'insert into "mail_messages"%'`,
        );
        return rows.length > 0 ? true : undefined;
      }, 'the worker to reach the e-mail insert');
      expect(await requestRow(requestId)).toEqual({ status: 'running', attempts: 1 });

      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      await blocker.query('ROLLBACK');
      // Its backend sees the lost client once the lock is free, and rolls the transaction back.
      await until(async () => {
        const { rows } = await observer.query(
          `SELECT 1 FROM pg_stat_activity
          WHERE datname = current_database() AND query ILIKE 'insert into "mail_messages"%'
            AND state <> 'idle'`,
        );
        return rows.length === 0 ? true : undefined;
      }, 'the killed worker to be gone');
      await Promise.all([blocker.end(), observer.end()]);
      expect(await requestRow(requestId)).toEqual({ status: 'running', attempts: 1 });
      expect(await mailsTo(user.email)).toEqual([]);

      await startOneShotWorker();
      // The sweeper's clock: the run stopped reporting progress more than three minutes ago.
      await app.database.db
        .updateTable('oneshot_requests')
        .set({ updated_at: new Date(Date.now() - 10 * 60_000) })
        .where('id', '=', requestId)
        .execute();
      expect(await app.services.oneShot.resumeStale()).toBe(1);

      const [mail] = await until(async () => {
        const mails = await mailsTo(user.email);
        return mails.length > 0 ? mails : undefined;
      }, 'the report e-mail');
      expect(await requestRow(requestId)).toEqual({ status: 'done', attempts: 2 });
      const { body: message } = await call(app.baseUrl, 'GET', `/dev/outbox/${mail!.id}`);
      expect(message.attachments).toEqual([expect.objectContaining({ contentType: 'application/pdf' })]);

      // Neither the sweeper nor the killed run's own retry mails it again.
      expect(await app.services.oneShot.resumeStale()).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await mailsTo(user.email)).toHaveLength(1);
    },
  );
});
