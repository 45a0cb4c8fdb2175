import { z } from 'zod';
import { defineSettings } from '../shared/settings.js';

export const jobsSettings = defineSettings({
  env: {
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(60),
  },
  read: (vars) => ({
    /**
     * How long a run's worker may stay silent before its run counts as dead and is retried
     * (ADR 0170): a live worker renews the lease of each run it works a few times per lease.
     */
    jobs: { leaseSeconds: vars.JOB_LEASE_SECONDS },
  }),
});
