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
