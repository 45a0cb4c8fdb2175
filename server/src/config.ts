import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DATABASE_ENV, databaseConfig, type DatabaseConfig } from './config-database.js';

/**
 * The one module that reads process.env. Every variable is validated here, once; the rest of
 * the server receives slices of the parsed config. Defaults describe the embedded mode.
 */
const port = z.coerce.number().int().min(1).max(65535);
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An address of the product's public site: a page of the app itself (`/docs`) or an http(s) URL. */
const siteAddress = z
  .string()
  .trim()
  .refine(
    (value) => /^\/(?!\/)/.test(value) || /^https?:\/\/[^\s]+$/.test(value),
    'must be a path of the app such as /docs, or an http:// or https:// URL',
  );

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  METRICS_PORT: port.optional(),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  ...DATABASE_ENV,
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-patentscout'),
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_AUTH_EMULATOR_PORT: port.default(9099),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.refine(
    (value) => value === undefined || /^[A-Za-z0-9.-]+:\d{1,5}$/.test(value),
    'must be host:port, e.g. auth-emulator:9099',
  ),
  FIREBASE_AUTH_EMULATOR_PUBLIC_URL: z.string().url().optional(),
  STARTUP_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  DEMO_CORPUS_SIZE: z.coerce.number().int().min(0).max(2_000_000).optional(),
  SEARCH_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).optional(),
  SEARCH_YIELDING_NICENESS: z.coerce.number().int().min(0).max(19).default(19),
  SEARCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).default('PatentScout <no-reply@patentscout.localhost>'),
  MAIL_SMTP_PORT: port.default(2525),
  MAILING_LIST_URL: z.string().url().optional(),
  MAILING_LIST_LOCAL_PORT: port.default(12112),
  FEATURES_URL: siteAddress.default('/features'),
  DOCS_URL: siteAddress.default('/docs'),
  PAGE_VIEWS_FORWARD_URL: z.string().url().optional(),
  APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_DISCOVER: optionalText,
  STRIPE_LOCAL_PORT: port.default(12111),
  STRIPE_API_URL: z.string().url().optional(),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  OPENAI_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  OPENAI_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
  LENS_API_TOKEN: optionalText,
  LENS_API_URL: z.string().url().default('https://api.lens.org/patent/search'),
  REINDEX_CRON: z
    .string()
    .trim()
    .regex(/^\S+(\s+\S+){4}$/, 'must be a cron expression of five fields, e.g. "0 3 * * 1"')
    .default('0 3 * * 1'),
  REINDEX_QUERY: optionalText,
  SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(5000).default(500),
  FREE_SEARCHES_PER_MONTH: z.coerce.number().int().min(0).default(20),
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).default('memory'),
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_WEBHOOKS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
});

/** Variables that production must set explicitly: defaults there would silently mean "embedded". */
export const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'APP_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_DISCOVER',
  'MAILING_LIST_URL',
] as const;

/** The embedded mode's stand-in for Stripe: fixed test credentials it and the app share. */
const LOCAL_STRIPE = {
  secretKey: 'sk_test_patentscout_local',
  webhookSecret: 'whsec_patentscout_local_checkout',
  priceDiscover: 'price_discover_monthly',
};

/** Where the embedded mode's form-service stand-in takes the waiting-list form. */
export const LOCAL_FORM_SERVICE_PATH = '/subscribe';
const localFormServiceOrigin = (port: number) => `http://127.0.0.1:${port}`;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface AppConfig extends DatabaseConfig {
  env: 'development' | 'production' | 'test';
  /** `web` serves HTTP only, `worker` runs the pg-boss jobs only, `all` does both (one process). */
  role: 'web' | 'worker' | 'all';
  /**
   * `/metrics`: `token` guards it on the web port with a bearer token (production without a
   * token: not served there); `port` also serves it with `/healthz` and `/readyz` on a port of its own.
   */
  metrics: { token: string | undefined; port: number | undefined };
  http: {
    port: number;
    host: string;
    publicUrl: string;
    /** How many proxies (load balancers) sit in front: their X-Forwarded-For gives the client's address. */
    trustedProxies: number;
  };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  /** `json` in production (a log collector reads it), `pretty` one-line text elsewhere. */
  logFormat: 'json' | 'pretty';
  dataDir: string;
  auth:
    | { mode: 'emulator'; projectId: string; emulatorHost: string; emulatorPort: number }
    | {
        mode: 'firebase';
        projectId: string;
        apiKey: string;
        authDomain: string;
        /** Staging: a Firebase Auth emulator run apart (`FIREBASE_AUTH_EMULATOR_HOST`) instead of Google's. */
        emulatorHost?: string;
        /** Where browsers reach that emulator (`FIREBASE_AUTH_EMULATOR_PUBLIC_URL`; else http://emulatorHost). */
        emulatorPublicUrl?: string;
      };
  /** How long `npm start` waits for each embedded part to answer (a slow machine needs long). */
  startupTimeoutMs: number;
  demoCorpusSize: number;
  modes: { mail: string; payments: string; ai: string; mailingList: string };
  /** Signs links that work without a sign-in (unsubscribe); unset, a secret kept in the database. */
  appSecret: string | undefined;
  /**
   * Where the waiting-list form posts (form-encoded, from the browser): an external form service,
   * or in the embedded mode the local stand-in that speaks its protocol on a port of its own.
   */
  mailingList: { mode: 'external'; url: string } | { mode: 'local'; port: number; url: string };
  /** The landing page's links: the product's public site, or the app's own pages. */
  site: { featuresUrl: string; docsUrl: string };
  /** Page views are stored first-party; this also forwards each batch to an analytics collector. */
  pageViewsForwardUrl: string | undefined;
  /** Where mail goes: an SMTP relay, or the embedded SMTP server that feeds the dev mailbox. */
  mail: { mode: 'smtp'; url: string; from: string } | { mode: 'local'; port: number; from: string };
  /** Stripe, or the local stand-in on its own port that speaks the same API (`integrations/local-stripe`). */
  billing: {
    mode: 'stripe' | 'local';
    secretKey: string;
    webhookSecret: string;
    /** The Discover plan's Stripe price. */
    priceDiscover: string;
    /** The local stand-in's port (local mode). */
    localPort: number;
    /** Staging: the Stripe API at another address (a stand-in), instead of api.stripe.com. */
    apiUrl?: string;
  };
  search: {
    maxResults: number;
    freeSearchesPerMonth: number;
    /** How long one statement of a search may run; unset, the engine's own allowance. */
    statementTimeoutMs?: number;
    /**
     * The CPU priority (as `nice`) of the embedded Postgres's backends that run a user's searches
     * beyond their first at once (ADR 0123); 0 turns the yielding connections off.
     */
    yieldingNiceness: number;
    /**
     * Searches whose statements run at once on the engine's ordinary connections; the others wait
     * their turn, first come first served (ADR 0124). Twice the machine's cores unless set.
     */
    concurrency: number;
  };
  /**
   * Requests allowed per window: searches and one-shots per user, sign-ups per address, webhook
   * calls per address, and everything else per user or address. `memory` counts per process;
   * `postgres` shares the counts between several instances.
   */
  rateLimits: {
    store: 'memory' | 'postgres';
    searchesPerMinute: number;
    signupsPerHour: number;
    webhooksPerMinute: number;
    requestsPerMinute: number;
  };
  /** Who writes AI titles and summaries: the offline summarizer, or an OpenAI-compatible chat model. */
  summarizer:
    | { mode: 'offline' }
    | {
        mode: 'openai';
        baseUrl: string;
        apiKey: string;
        model: string;
        concurrency: number;
        timeoutMs: number;
      };
  /** The Lens patent API and the scheduled re-index (disabled without a token). */
  lens: { apiUrl: string; token: string | undefined; reindexCron: string; reindexQuery: string | undefined };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production') {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: required when NODE_ENV=production`));
    }
    // A demo- project is the natural staging project for an emulator run apart, never Google's.
    if (vars.FIREBASE_PROJECT_ID.startsWith('demo-') && !vars.FIREBASE_AUTH_EMULATOR_HOST) {
      throw new ConfigError(['FIREBASE_PROJECT_ID: a demo- project cannot be used in production']);
    }
  }

  if (vars.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_DISCOVER'] as const).filter(
      (name) => !vars[name],
    );
    if (missing.length > 0)
      throw new ConfigError(missing.map((name) => `${name}: required with STRIPE_SECRET_KEY`));
  }

  const dataDir = path.resolve(vars.DATA_DIR);
  const databases = databaseConfig(vars, dataDir);
  if ('problems' in databases) throw new ConfigError(databases.problems);
  const useEmulator = !vars.FIREBASE_API_KEY || !vars.FIREBASE_AUTH_DOMAIN;
  return {
    env: vars.NODE_ENV,
    role: vars.ROLE,
    metrics: { token: vars.METRICS_TOKEN, port: vars.METRICS_PORT },
    http: {
      port: vars.PORT,
      host: vars.HOST,
      publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
      trustedProxies: vars.TRUSTED_PROXIES,
    },
    logLevel: vars.LOG_LEVEL,
    logFormat: vars.LOG_FORMAT ?? (vars.NODE_ENV === 'production' ? 'json' : 'pretty'),
    dataDir,
    ...databases,
    auth: useEmulator
      ? {
          mode: 'emulator',
          projectId: vars.FIREBASE_PROJECT_ID,
          emulatorHost: '127.0.0.1',
          emulatorPort: vars.FIREBASE_AUTH_EMULATOR_PORT,
        }
      : {
          mode: 'firebase',
          projectId: vars.FIREBASE_PROJECT_ID,
          apiKey: vars.FIREBASE_API_KEY!,
          authDomain: vars.FIREBASE_AUTH_DOMAIN!,
          ...(vars.FIREBASE_AUTH_EMULATOR_HOST
            ? {
                emulatorHost: vars.FIREBASE_AUTH_EMULATOR_HOST,
                emulatorPublicUrl: new URL(
                  vars.FIREBASE_AUTH_EMULATOR_PUBLIC_URL ?? `http://${vars.FIREBASE_AUTH_EMULATOR_HOST}`,
                ).origin,
              }
            : {}),
        },
    startupTimeoutMs: vars.STARTUP_TIMEOUT_SECONDS * 1000,
    // Generated patents belong in the embedded mode; production loads them only when asked.
    demoCorpusSize: vars.DEMO_CORPUS_SIZE ?? (vars.NODE_ENV === 'production' ? 0 : 20_000),
    modes: {
      mail: vars.SMTP_URL
        ? `SMTP (${new URL(vars.SMTP_URL).host})`
        : `local SMTP server on port ${vars.MAIL_SMTP_PORT}${useEmulator ? ' (dev mailbox: /dev/emails)' : ''}`,
      payments: vars.STRIPE_SECRET_KEY
        ? vars.STRIPE_API_URL
          ? `Stripe API at ${vars.STRIPE_API_URL} (staging stand-in)`
          : 'Stripe'
        : `local Stripe stand-in on port ${vars.STRIPE_LOCAL_PORT} (test checkout, no real payments)`,
      ai: vars.OPENAI_API_KEY ? 'OpenAI-compatible model' : 'offline summarizer',
      mailingList: vars.MAILING_LIST_URL
        ? `waiting list to the form service at ${new URL(vars.MAILING_LIST_URL).origin}`
        : `waiting list to the local form service on port ${vars.MAILING_LIST_LOCAL_PORT} (entries: ${localFormServiceOrigin(vars.MAILING_LIST_LOCAL_PORT)}/)`,
    },
    appSecret: vars.APP_SECRET,
    mailingList: vars.MAILING_LIST_URL
      ? { mode: 'external', url: vars.MAILING_LIST_URL }
      : {
          mode: 'local',
          port: vars.MAILING_LIST_LOCAL_PORT,
          url: `${localFormServiceOrigin(vars.MAILING_LIST_LOCAL_PORT)}${LOCAL_FORM_SERVICE_PATH}`,
        },
    site: { featuresUrl: vars.FEATURES_URL, docsUrl: vars.DOCS_URL },
    pageViewsForwardUrl: vars.PAGE_VIEWS_FORWARD_URL,
    mail: vars.SMTP_URL
      ? { mode: 'smtp', url: vars.SMTP_URL, from: vars.MAIL_FROM }
      : { mode: 'local', port: vars.MAIL_SMTP_PORT, from: vars.MAIL_FROM },
    billing: vars.STRIPE_SECRET_KEY
      ? {
          mode: 'stripe',
          secretKey: vars.STRIPE_SECRET_KEY,
          webhookSecret: vars.STRIPE_WEBHOOK_SECRET!,
          priceDiscover: vars.STRIPE_PRICE_DISCOVER!,
          localPort: vars.STRIPE_LOCAL_PORT,
          ...(vars.STRIPE_API_URL ? { apiUrl: vars.STRIPE_API_URL } : {}),
        }
      : { mode: 'local', ...LOCAL_STRIPE, localPort: vars.STRIPE_LOCAL_PORT },
    search: {
      maxResults: vars.SEARCH_MAX_RESULTS,
      freeSearchesPerMonth: vars.FREE_SEARCHES_PER_MONTH,
      ...(vars.SEARCH_STATEMENT_TIMEOUT_MS ? { statementTimeoutMs: vars.SEARCH_STATEMENT_TIMEOUT_MS } : {}),
      yieldingNiceness: vars.SEARCH_YIELDING_NICENESS,
      concurrency: vars.SEARCH_CONCURRENCY ?? 2 * availableParallelism(),
    },
    rateLimits: {
      store: vars.RATE_LIMIT_STORE,
      searchesPerMinute: vars.RATE_LIMIT_SEARCHES_PER_MINUTE,
      signupsPerHour: vars.RATE_LIMIT_SIGNUPS_PER_HOUR,
      webhooksPerMinute: vars.RATE_LIMIT_WEBHOOKS_PER_MINUTE,
      requestsPerMinute: vars.RATE_LIMIT_REQUESTS_PER_MINUTE,
    },
    summarizer: vars.OPENAI_API_KEY
      ? {
          mode: 'openai',
          baseUrl: vars.OPENAI_BASE_URL,
          apiKey: vars.OPENAI_API_KEY,
          model: vars.OPENAI_MODEL,
          concurrency: vars.OPENAI_CONCURRENCY,
          timeoutMs: vars.OPENAI_TIMEOUT_SECONDS * 1000,
        }
      : { mode: 'offline' },
    lens: {
      apiUrl: vars.LENS_API_URL,
      token: vars.LENS_API_TOKEN,
      reindexCron: vars.REINDEX_CRON,
      reindexQuery: vars.REINDEX_QUERY,
    },
  };
}
