import { z } from 'zod';
import { defineSettings, port, type SettingsOf } from '../shared/settings.js';

export const metricsSettings = defineSettings({
  env: {
    METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    METRICS_PORT: port.optional(),
  },
  read: (vars) => ({
    /**
     * `/metrics`: `token` guards it on the web port with a bearer token (production without a
     * token: not served there); `port` also serves it with `/healthz` and `/readyz` on a port of its own.
     */
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT },
  }),
});

export type MetricsSettings = SettingsOf<typeof metricsSettings>['metrics'];
