import type { Db } from '@patentscout/db';
import type {
  JobContext as PlatformJobContext,
  JobDefinition as PlatformJobDefinition,
} from '@patentscout/platform';

/**
 * The platform's job contract bound to our database: the indexer hands its jobs to the server's
 * worker too, and a job's handler needs no more than the database, a logger, `send`, the stop
 * signal and its attempt (a job's logic lives in its feature's service, which its jobs close over).
 */
export type JobContext = PlatformJobContext<Db>;
export type JobDefinition = PlatformJobDefinition<JobContext>;

/**
 * A weekly e-mail's job: Mondays 06:00 UTC, once the week that ended on Sunday is complete
 * (SPEC-NOTES' week boundary); a run may take an hour, and stops sending when the worker stops.
 */
export function weeklyMailJob(name: string, send: (signal: AbortSignal) => Promise<unknown>): JobDefinition {
  return {
    name,
    schedule: '0 6 * * 1',
    expireInSeconds: 60 * 60,
    async handler(_payload, { signal }) {
      await send(signal);
    },
  };
}

/** A purge on a schedule that logs how many went, when any did (`what` says what they were). */
export function purgeJob(
  name: string,
  schedule: string,
  purge: () => Promise<number>,
  what: string,
): JobDefinition {
  return {
    name,
    schedule,
    async handler(_payload, { logger }) {
      const purged = await purge();
      if (purged > 0) logger.info({ purged }, what);
    },
  };
}
