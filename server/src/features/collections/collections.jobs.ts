import { weeklyMailJob, type JobDefinition } from '../../jobs/job-definition.js';
import type { CollectionWatch } from './collections.watch.js';

export const COLLECTION_WATCH_JOB = 'collections.watch-digest';

/** With the weekly updates, on the same complete week. */
export function collectionsJobs(watch: CollectionWatch): JobDefinition[] {
  return [weeklyMailJob(COLLECTION_WATCH_JOB, (signal) => watch.sendWatchDigests(signal))];
}
