import path from 'node:path';
import { z } from 'zod';
import { databaseSettings } from './config-database.js';
import { analyticsSettings } from './features/analytics/analytics.settings.js';
import { billingSettings } from './features/billing/billing.settings.js';
import { plansSettings } from './features/plans/plans.settings.js';
import { searchSettings } from './features/search/search.settings.js';
import { httpSettings } from './http/http.settings.js';
import { embeddingsSettings } from './integrations/embeddings.settings.js';
import { firebaseSettings } from './integrations/firebase.settings.js';
import { formServiceSettings } from './integrations/form-service.settings.js';
import { indexingSettings } from './integrations/indexing.settings.js';
import { mailSettings } from './integrations/mail.settings.js';
import { jobsSettings } from './jobs/jobs.settings.js';
import { metricsSettings } from './metrics/metrics.settings.js';
import { ConfigError, defineSettings, type SettingsContext, type SettingsOf } from './shared/settings.js';
import { supervisorSettings } from './supervisor/supervisor.settings.js';

export { ConfigError } from './shared/settings.js';

/**
 * The one module that reads process.env. Each part of the server owns its settings (a slice:
 * its variables in zod and what it makes of them, beside its code); this composes them, validates
 * every variable once and hands the rest of the server slices of the parsed config. Defaults
 * describe the embedded mode.
 */
const APP_ENV = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  /**
   * Moves every port of a local copy at once (a second copy beside the first). Tens apart, two
   * copies never meet: the emulator takes the two ports after its own, the standbys the four after
   * Postgres's, and the Stripe and form stand-ins sit side by side.
   */
  PORT_OFFSET: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000)
    .refine((offset) => offset % 10 === 0, 'must be a multiple of 10, e.g. 10 for a second copy')
    .default(0),
  DATA_DIR: z.string().min(1).optional(),
  APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  DEMO_CORPUS_SIZE: z.coerce.number().int().min(0).max(2_000_000).optional(),
};

/** The app as a whole: how it runs, where its data is, what signs its links. */
const appSettings = defineSettings({
  env: APP_ENV,
  requiredInProduction: ['APP_SECRET'],
  read: (vars, { env, dataDir }) => ({
    env,
    /** `web` serves HTTP only, `worker` runs the pg-boss jobs only, `all` does both (one process). */
    role: vars.ROLE,
    logLevel: vars.LOG_LEVEL,
    /** `json` in production (a log collector reads it), `pretty` one-line text elsewhere. */
    logFormat: vars.LOG_FORMAT ?? (env === 'production' ? ('json' as const) : ('pretty' as const)),
    dataDir,
    /** How far PORT_OFFSET moved the local parts' default ports (0: not moved). */
    portOffset: vars.PORT_OFFSET,
    /** Signs links that work without a sign-in (unsubscribe); unset, a secret kept in the database. */
    appSecret: vars.APP_SECRET,
    // Generated patents belong in the embedded mode; production loads them only when asked.
    demoCorpusSize: vars.DEMO_CORPUS_SIZE ?? (env === 'production' ? 0 : 20_000),
  }),
});

/** Every slice, in the order production names the variables it misses. */
const SLICES = [
  databaseSettings,
  firebaseSettings,
  httpSettings,
  mailSettings,
  appSettings,
  billingSettings,
  formServiceSettings,
  metricsSettings,
  supervisorSettings,
  searchSettings,
  plansSettings,
  analyticsSettings,
  indexingSettings,
  embeddingsSettings,
  jobsSettings,
] as const;

type AllSettings<Slices extends readonly unknown[]> = Slices extends readonly [infer First, ...infer Rest]
  ? SettingsOf<First> & AllSettings<Rest>
  : unknown;
type Composed = AllSettings<typeof SLICES>;

/** The parsed configuration: every slice's settings, with the one-line `modes` each contributes. */
export type AppConfig = { [Key in keyof Composed]: Composed[Key] };

/** Variables that production must set explicitly: defaults there would silently mean "embedded". */
export const REQUIRED_IN_PRODUCTION: readonly string[] = SLICES.flatMap(
  (slice): readonly string[] => slice.requiredInProduction ?? [],
);

const EnvSchema = z.object(Object.assign({}, ...SLICES.map((slice) => slice.env)) as z.ZodRawShape);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const vars = parsed.data as z.output<z.ZodObject<typeof APP_ENV>>;
  if (vars.NODE_ENV === 'production') {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: required when NODE_ENV=production`));
    }
  }
  const offset = vars.PORT_OFFSET;
  const context: SettingsContext = {
    env: vars.NODE_ENV,
    // A copy moved by an offset keeps its data apart from the first copy's by default.
    dataDir: path.resolve(vars.DATA_DIR ?? (offset > 0 ? `.data-${offset}` : '.data')),
    localPort: (defaultPort) => defaultPort + offset,
  };

  const problems: string[] = [];
  const parts = SLICES.map((slice) => {
    try {
      return slice.read(parsed.data as never, context);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return {};
    }
  });
  if (problems.length > 0) throw new ConfigError(problems);
  const modes = Object.assign({}, ...parts.map((part) => ('modes' in part ? part.modes : {})));
  return Object.assign({}, ...parts, { modes }) as AppConfig;
}
