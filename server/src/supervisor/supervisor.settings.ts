import { z } from 'zod';
import { defineSettings } from '../shared/settings.js';

export const supervisorSettings = defineSettings({
  env: { STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300) },
  read: (vars) => ({
    /** How long `npm start` waits for each embedded part to answer (a slow machine needs long). */
    startupTimeoutMs: vars.STARTUP_TIMEOUT_SECONDS * 1000,
  }),
});
