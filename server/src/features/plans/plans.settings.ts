import { z } from 'zod';
import { defineSettings, type SettingsOf } from '../../shared/settings.js';

/** The free plan's searches a month: the specification's 20 unless the deployment says otherwise. */
export const DEFAULT_FREE_SEARCHES_PER_MONTH = 20;

export const plansSettings = defineSettings({
  env: {
    FREE_SEARCHES_PER_MONTH: z.coerce.number().int().min(0).default(DEFAULT_FREE_SEARCHES_PER_MONTH),
  },
  read: (vars) => ({ plans: { freeSearchesPerMonth: vars.FREE_SEARCHES_PER_MONTH } }),
});

/** What the plans feature reads of the configuration: its own settings alone. */
export type PlansSettings = SettingsOf<typeof plansSettings>['plans'];
