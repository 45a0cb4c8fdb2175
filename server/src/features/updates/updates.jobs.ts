import type { JobDefinition } from '../../jobs/job-definition.js';
import type { UpdatesService } from './updates.service.js';

export const WEEKLY_DIGEST_JOB = 'updates.weekly-digest';

/** Mondays 06:00 UTC: the week that ended on Sunday is complete (SPEC-NOTES' week boundary). */
export function updatesJobs(updates: UpdatesService): JobDefinition[] {
  return [
    {
      name: WEEKLY_DIGEST_JOB,
      schedule: '0 6 * * 1',
      expireInSeconds: 60 * 60,
      async handler(_payload, { signal }) {
        await updates.sendWeeklyDigests(signal);
      },
    },
  ];
}
