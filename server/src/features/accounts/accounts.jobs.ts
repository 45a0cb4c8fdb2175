import type { JobDefinition } from '../../jobs/job-definition.js';
import type { AccountsService } from './accounts.service.js';

export function accountsJobs(accounts: AccountsService): JobDefinition[] {
  return [
    {
      // Closed accounts' data is removed 30 days after the closing (the specification's promise).
      name: 'accounts.purge-deleted',
      schedule: '30 4 * * *',
      async handler(_payload, { logger }) {
        const purged = await accounts.purgeDeleted();
        if (purged > 0) logger.info({ purged }, 'closed accounts purged');
      },
    },
  ];
}
