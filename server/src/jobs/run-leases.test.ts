import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { startJobQueue, type JobQueue } from './boss.js';
import type { JobDefinition } from './job-definition.js';
import { registerJobs } from './register-jobs.js';
import { failRunsLeftActive, renewLease } from './run-leases.js';

const LEASE_SECONDS = 2;

let database: TestDatabase;
let queue: JobQueue;
const stops: Array<() => Promise<void>> = [];
beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startJobQueue({
    connectionString: database.url,
    onError: () => undefined,
    leaseSeconds: LEASE_SECONDS,
  });
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await queue.stop();
  await database.drop();
});

/** A stately job like the product's sweeps, with a retry delay a cut-off run must not wait for. */
function sweep(name: string, handler: JobDefinition['handler']): JobDefinition {
  return { name, expireInSeconds: 15 * 60, retryLimit: 2, retryDelay: 600, handler };
}

/** Leaves a run active as a worker killed mid-run does: taken, never finished. */
async function runLeftActive(name: string): Promise<string> {
  await queue.boss.createQueue(name, { name, policy: 'stately', expireInSeconds: 15 * 60 });
  const id = await queue.boss.send(name, {});
  const [taken] = await queue.boss.fetch(name);
  expect(taken?.id).toBe(id);
  // The next run waits behind it, as the minute's schedule queues one.
  await queue.boss.send(name, {});
  return id!;
}

async function work(job: JobDefinition, leaseSeconds = LEASE_SECONDS) {
  stops.push(
    await registerJobs(queue.boss, [job], { db: database.db, logger: createLogger('silent'), leaseSeconds }),
  );
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms)),
  ]);

describe('runs whose worker is gone', () => {
  it('at an embedded start: a run left active is failed and run again at once, not after its expiry', async () => {
    await runLeftActive('test.left-at-start');
    expect(await failRunsLeftActive(queue.boss)).toEqual(['test.left-at-start']);

    let ran!: (jobId: string) => void;
    const rerun = new Promise<string>((resolve) => (ran = resolve));
    await work(sweep('test.left-at-start', async (_payload, { attempt }) => ran(String(attempt.retryCount))));
    // The cut-off run is retried (its second run), ahead of the one waiting behind it.
    expect(await within(rerun, 15_000, 'run')).toBe('1');
  }, 60_000);

  it('elsewhere: a run whose lease its dead worker stopped renewing fails when the lease runs out', async () => {
    const id = await runLeftActive('test.lease-lapsed');
    // The dead worker's last renewal: the run now ends LEASE_SECONDS from here, not in 15 minutes.
    await renewLease(queue.boss, 'test.lease-lapsed', id, LEASE_SECONDS);

    let ran!: () => void;
    const rerun = new Promise<void>((resolve) => (ran = resolve));
    await work(sweep('test.lease-lapsed', async () => ran()));
    await within(rerun, 20_000, 'run after the lease ran out');
  }, 60_000);

  it('a live run longer than its lease keeps it: it is never failed or run twice', async () => {
    const runs: number[] = [];
    const leaseLeft: number[] = [];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    await work(
      sweep('test.lease-kept', async (_payload, { attempt }) => {
        runs.push(attempt.retryCount);
        for (let beat = 0; beat < 6; beat += 1) {
          await new Promise((resolve) => setTimeout(resolve, LEASE_SECONDS * 500));
          const { rows } = await sql<{ left: number }>`
            SELECT extract(epoch FROM started_on + expire_in - now())::float AS left
            FROM pgboss.job WHERE name = 'test.lease-kept' AND state = 'active'`.execute(database.db);
          leaseLeft.push(rows[0]?.left ?? -1);
        }
        finished();
      }),
    );
    const id = await queue.boss.send('test.lease-kept', {});
    await within(done, 30_000, 'end of the long run');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs).toEqual([0]);
    // Renewed all along, and never by more than a lease: a dead worker's run would end that soon.
    for (const left of leaseLeft) expect(left).toBeGreaterThan(0);
    for (const left of leaseLeft) expect(left).toBeLessThanOrEqual(LEASE_SECONDS);
    expect((await queue.boss.getJobById('test.lease-kept', id!))?.state).toBe('completed');
  }, 60_000);
});
