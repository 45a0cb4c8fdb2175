/**
 * The job contract is the data package's: the indexer hands its jobs to the server's worker too,
 * and a job's handler needs no more than the database, a logger, `send`, the stop signal and its
 * attempt (a job's logic lives in its feature's service, which the feature's jobs close over).
 */
export type { JobContext, JobDefinition } from '@patentscout/db';
