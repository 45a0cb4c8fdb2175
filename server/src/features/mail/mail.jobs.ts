import type { JobDefinition } from '../../jobs/job-definition.js';
import { MAIL_FLUSH_JOB, type MailService } from './mail.service.js';

/**
 * Sends what is due: nudged after each queued message, and every minute for retries and for a
 * nudge lost to a crash. The queue is stately, so at most one flush runs and one waits.
 */
export function mailJobs(mail: MailService): JobDefinition[] {
  return [
    {
      name: MAIL_FLUSH_JOB,
      schedule: '* * * * *',
      expireInSeconds: 15 * 60,
      async handler(_payload, { logger, signal }) {
        const { sent, failed } = await mail.flush(signal);
        if (sent + failed > 0) logger.info({ sent, failed }, 'mail flushed');
      },
    },
  ];
}
