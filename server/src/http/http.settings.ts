import { z } from 'zod';
import type { AuthSettings } from '../integrations/firebase.settings.js';
import type { MailingListSettings } from '../integrations/form-service.settings.js';
import type { MetricsSettings } from '../metrics/metrics.settings.js';
import {
  defineSettings,
  port,
  siteAddress,
  type SettingsContext,
  type SettingsOf,
} from '../shared/settings.js';

/** The web server: its address, the proxies before it, the landing page's links, the rate limits. */
export const httpSettings = defineSettings({
  env: {
    PORT: port.optional(),
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.string().url().optional(),
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
    FEATURES_URL: siteAddress.default('/features'),
    DOCS_URL: siteAddress.default('/docs'),
    RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).default('memory'),
    RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  },
  requiredInProduction: ['PUBLIC_URL'],
  read(vars, { localPort }) {
    const webPort = vars.PORT ?? localPort(3000);
    return {
      http: {
        port: webPort,
        host: vars.HOST,
        publicUrl: vars.PUBLIC_URL ?? `http://localhost:${webPort}`,
        /** How many proxies (load balancers) sit in front: their X-Forwarded-For gives the client's address. */
        trustedProxies: vars.TRUSTED_PROXIES,
      },
      /** The landing page's links: the product's public site, or the app's own pages. */
      site: { featuresUrl: vars.FEATURES_URL, docsUrl: vars.DOCS_URL },
      /**
       * Requests allowed per window: searches and one-shots per user, sign-ups per address, webhook
       * calls per address, and everything else per user or address. `memory` counts per process;
       * `postgres` shares the counts between several instances.
       */
      rateLimits: {
        store: vars.RATE_LIMIT_STORE,
        searchesPerMinute: vars.RATE_LIMIT_SEARCHES_PER_MINUTE,
        signupsPerHour: vars.RATE_LIMIT_SIGNUPS_PER_HOUR,
        webhooksPerMinute: vars.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
        requestsPerMinute: vars.RATE_LIMIT_REQUESTS_PER_MINUTE,
      },
    };
  },
});

/** The web server's own settings: `http`, `site` and `rateLimits`. */
export type HttpSettings = SettingsOf<typeof httpSettings>;

/**
 * What the HTTP layer reads of the configuration: its own settings and the few of other parts it
 * names (the sign-in the browser talks to, the waiting list's form, the metrics' token).
 */
export type HttpConfig = HttpSettings & {
  env: SettingsContext['env'];
  auth: AuthSettings;
  mailingList: Pick<MailingListSettings, 'url'>;
  metrics: Pick<MetricsSettings, 'token'>;
};
