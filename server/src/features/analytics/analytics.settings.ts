import { z } from 'zod';
import { defineSettings } from '../../shared/settings.js';

export const analyticsSettings = defineSettings({
  env: { PAGE_VIEWS_FORWARD_URL: z.string().url().optional() },
  read: (vars) => ({
    /** Page views are stored first-party; this also forwards each batch to an analytics collector. */
    pageViewsForwardUrl: vars.PAGE_VIEWS_FORWARD_URL,
  }),
});
