import type PgBoss from 'pg-boss';
import type { Db } from '@patentscout/db';
import type { Logger } from '../shared/logger.js';
import { isOutage } from '../shared/outage.js';
import type { JobObserver } from '../shared/observer.js';
import type { JobContext, JobDefinition } from './job-definition.js';
import { keepLeased } from './run-leases.js';

/** A run's lease unless told otherwise (ADR 0170). */
const DEFAULT_LEASE_SECONDS = 60;

/**
 * Creates a queue for each job, starts a worker on it and keeps its schedule in step with the
 * definition: a job without a schedule loses one left from an earlier start. Queues are
 * `stately` (at most one run waiting and one running), so a slow run never piles up copies of
 * itself. Each run is leased while it runs (ADR 0170): a run whose worker died is retried once
 * its lease runs out, not after the job's whole time limit. Returns a function that aborts the
 * runs under way, for the server's stop.
 */
export async function registerJobs(
  boss: PgBoss,
  jobs: readonly JobDefinition[],
  options: {
    db: Db;
    logger: Logger;
    observe?: JobObserver;
    /** false (a web server): creates the queues, so jobs can be sent, and works none of them. */
    work?: boolean;
    /** How long a run may go unrenewed before it counts as its dead worker's (ADR 0170). */
    leaseSeconds?: number;
  },
): Promise<() => Promise<void>> {
  const stopping = new AbortController();
  const context: Omit<JobContext, 'attempt'> = {
    db: options.db,
    logger: options.logger,
    signal: stopping.signal,
    send: async (name, payload) => {
      await boss.send(name, payload ?? {});
    },
  };
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      policy: job.policy ?? 'stately',
      ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      ...(job.retryLimit !== undefined
        ? { retryLimit: job.retryLimit, retryDelay: job.retryDelay ?? 30 }
        : {}),
    });
    if (options.work === false) continue;
    await boss.work(job.name, { batchSize: 1, includeMetadata: true }, async ([received]) => {
      const logger = options.logger.child({ job: job.name, jobId: received?.id });
      const started = Date.now();
      const release = received
        ? keepLeased(boss, received, options.leaseSeconds ?? DEFAULT_LEASE_SECONDS, (error) =>
            logger.debug({ err: error }, 'could not renew the lease of a run'),
          )
        : () => undefined;
      const observe = (outcome: 'completed' | 'failed') =>
        options.observe?.({ queue: job.name, outcome, seconds: (Date.now() - started) / 1000 });
      try {
        const retryCount = received?.retryCount ?? 0;
        const attempt = { retryCount, last: retryCount >= (received?.retryLimit ?? 0) };
        await job.handler(received?.data ?? {}, { ...context, logger, attempt });
        observe('completed');
        // Sweeps that find nothing run every minute: only runs that took a while say so at info.
        const ms = Date.now() - started;
        if (ms >= 1000) logger.info({ ms }, 'job done');
        else logger.debug({ ms }, 'job done');
      } catch (error) {
        observe('failed');
        // The database gone (a restart, or the machine stopping) fails the run; pg-boss runs it
        // again when it is back. One line says so; a stack trace is kept for the bugs.
        if (isOutage(error))
          logger.warn({ ms: Date.now() - started }, `job stopped by an outage: ${(error as Error).message}`);
        else logger.error({ err: error, ms: Date.now() - started }, 'job failed');
        throw error;
      } finally {
        release();
      }
    });
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name);
  }
  return async () => stopping.abort();
}
