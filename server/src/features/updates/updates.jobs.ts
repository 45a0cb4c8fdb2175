import { weeklyMailJob, type JobDefinition } from '../../jobs/job-definition.js';
import type { UpdatesService } from './updates.service.js';

export const WEEKLY_DIGEST_JOB = 'updates.weekly-digest';

export function updatesJobs(updates: UpdatesService): JobDefinition[] {
  return [weeklyMailJob(WEEKLY_DIGEST_JOB, (signal) => updates.sendWeeklyDigests(signal))];
}
