import { purgeJob, type JobDefinition } from '../../jobs/job-definition.js';
import type { AccountsService } from './accounts.service.js';

export function accountsJobs(accounts: AccountsService): JobDefinition[] {
  return [
    // Closed accounts' data is removed 30 days after the closing (the specification's promise).
    purgeJob('accounts.purge-deleted', '30 4 * * *', () => accounts.purgeDeleted(), 'closed accounts purged'),
  ];
}
