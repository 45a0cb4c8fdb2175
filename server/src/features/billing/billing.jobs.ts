import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-definition.js';
import type { BillingService } from './billing.service.js';

export const RECONCILE_JOB = 'billing.reconcile';

const Payload = z.object({ trigger: z.string().max(40).optional() });

export function billingJobs(billing: BillingService): JobDefinition[] {
  return [
    {
      // Daily, and on demand (`npm run admin -- billing reconcile` sends it with trigger 'admin').
      name: RECONCILE_JOB,
      schedule: '15 3 * * *',
      expireInSeconds: 30 * 60,
      async handler(payload) {
        const { trigger } = Payload.parse(payload ?? {});
        await billing.reconcile(trigger ?? 'schedule');
      },
    },
  ];
}
