import type { JobDefinition } from '../../jobs/job-definition.js';
import type { CollectionWatch } from './collections.watch.js';

export const COLLECTION_WATCH_JOB = 'collections.watch-digest';

/** With the weekly updates: Mondays 06:00 UTC, once the week that ended on Sunday is complete. */
export function collectionsJobs(watch: CollectionWatch): JobDefinition[] {
  return [
    {
      name: COLLECTION_WATCH_JOB,
      schedule: '0 6 * * 1',
      expireInSeconds: 60 * 60,
      async handler(_payload, { signal }) {
        await watch.sendWatchDigests(signal);
      },
    },
  ];
}
