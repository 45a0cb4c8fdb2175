import type { JobContext as DataJobContext, JobDefinition as DataJobDefinition } from '@patentscout/db';
import type { Services } from '../features/index.js';

/** The job contract is the data package's (the indexer hands its jobs over too); the server's adds the services. */
export interface JobContext extends DataJobContext {
  /** Every feature's service: a job's logic lives in its feature's service, not in the handler. */
  services: Services;
}

export type JobDefinition = DataJobDefinition<JobContext>;
