import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-definition.js';
import { failsForGood, ONESHOT_RUN_JOB, type OneShotService } from './oneshot.service.js';

const RunPayload = z.object({ requestId: z.string().uuid() });
/** Runs of one request: the first and two retries, a minute apart. */
const RETRIES = 2;

export function oneShotJobs(oneShot: OneShotService): JobDefinition[] {
  return [
    {
      name: ONESHOT_RUN_JOB,
      // Every request runs (not one at a time per queue), and a failed run is retried.
      policy: 'standard',
      expireInSeconds: 10 * 60,
      retryLimit: RETRIES,
      retryDelay: 60,
      async handler(payload, { attempt }) {
        const { requestId } = RunPayload.parse(payload);
        try {
          await oneShot.run(requestId);
        } catch (error) {
          // A search refused for its cost would be refused again: it fails once, not retried.
          if (failsForGood(error)) {
            await oneShot.fail(requestId, error);
            return;
          }
          // Until the last retry the request stays unfinished, so that the next run can claim it.
          if (attempt.last) await oneShot.fail(requestId, error);
          throw error;
        }
      },
    },
    {
      // A worker killed midway leaves its request running: this sends it again.
      name: 'oneshot.resume',
      schedule: '* * * * *',
      async handler() {
        await oneShot.resumeStale();
      },
    },
  ];
}
