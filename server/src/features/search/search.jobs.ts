import { purgeJob, type JobDefinition } from '../../jobs/job-definition.js';
import type { SearchService } from './search.contract.js';

export function searchJobs(search: SearchService): JobDefinition[] {
  return [
    // A result set's id replays it for a week (RESULT_SET_RETENTION_MS); then it goes.
    purgeJob(
      'search.purge-result-sets',
      '45 4 * * *',
      () => search.purgeExpiredResultSets(),
      'expired result sets purged',
    ),
  ];
}
