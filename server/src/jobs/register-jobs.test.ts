import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { startJobQueue, type JobQueue } from './boss.js';
import type { JobContext, JobDefinition } from './job-definition.js';
import { registerJobs } from './register-jobs.js';

let database: TestDatabase;
let queue: JobQueue;
beforeAll(async () => {
  database = await createTestDatabase();
  queue = await startJobQueue({ connectionString: database.url, onError: () => undefined });
});
afterAll(async () => {
  await queue.stop();
  await database.drop();
});

describe('registerJobs', () => {
  it('runs a sent job with its payload and the server context, and keeps schedules in step with the definitions', async () => {
    await queue.boss.createQueue('test.unscheduled');
    await queue.boss.schedule('test.unscheduled', '0 1 * * *');
    const received: Array<{ payload: unknown; context: JobContext }> = [];
    let handled!: () => void;
    const done = new Promise<void>((resolve) => (handled = resolve));
    const jobs: JobDefinition[] = [
      {
        name: 'test.run',
        schedule: '30 2 * * 1',
        async handler(payload, context) {
          received.push({ payload, context });
          await context.send('test.unscheduled', { from: 'test.run' });
          handled();
        },
      },
      { name: 'test.unscheduled', handler: async () => undefined },
    ];
    const stop = await registerJobs(queue.boss, jobs, {
      db: database.db,
      logger: createLogger('silent'),
    });

    const schedules = await queue.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toEqual([['test.run', '30 2 * * 1']]);

    await queue.boss.send('test.run', { week: '2026-W47' });
    await done;
    expect(received).toHaveLength(1);
    expect(received[0]?.payload).toEqual({ week: '2026-W47' });
    expect(received[0]?.context.db).toBe(database.db);
    expect(received[0]?.context.signal.aborted).toBe(false);

    await stop();
    expect(received[0]?.context.signal.aborted).toBe(true);
  }, 60_000);

  it("tells a job's handler which run it is, so only the last run's failure is final", async () => {
    const attempts: JobContext['attempt'][] = [];
    let finished!: () => void;
    const lastRun = new Promise<void>((resolve) => (finished = resolve));
    const stop = await registerJobs(
      queue.boss,
      [
        {
          name: 'test.retried',
          policy: 'standard',
          retryLimit: 1,
          retryDelay: 0,
          async handler(_payload, { attempt }) {
            attempts.push(attempt);
            if (!attempt.last) throw new Error('the first run fails');
            finished();
          },
        },
      ],
      { db: database.db, logger: createLogger('silent') },
    );
    await queue.boss.send('test.retried', {});
    await lastRun;
    expect(attempts).toEqual([
      { retryCount: 0, last: false },
      { retryCount: 1, last: true },
    ]);
    await stop();
  }, 60_000);
});
