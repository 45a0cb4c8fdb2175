import type { JobDefinition } from '../../jobs/job-definition.js';
import type { SearchService } from './search.contract.js';

export function searchJobs(search: SearchService): JobDefinition[] {
  return [
    {
      // A result set's id replays it for a week (RESULT_SET_RETENTION_MS); then it goes.
      name: 'search.purge-result-sets',
      schedule: '45 4 * * *',
      async handler(_payload, { logger }) {
        const purged = await search.purgeExpiredResultSets();
        if (purged > 0) logger.info({ purged }, 'expired result sets purged');
      },
    },
  ];
}
