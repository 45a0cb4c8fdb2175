import path from 'node:path';
import { z } from 'zod';

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

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-patentscout'),
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_AUTH_EMULATOR_PORT: port.default(9099),
  DEMO_CORPUS_SIZE: z.coerce.number().int().min(0).max(2_000_000).default(20_000),
  SMTP_URL: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  SEARCH_MAX_RESULTS: z.coerce.number().int().min(1).max(5000).default(500),
  FREE_SEARCHES_PER_MONTH: z.coerce.number().int().min(0).default(20),
});

/** Variables that production must set explicitly: defaults there would silently mean "embedded". */
const REQUIRED_IN_PRODUCTION = [
  'DATABASE_URL',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'PUBLIC_URL',
] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  http: { port: number; host: string; publicUrl: string };
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  dataDir: string;
  database:
    | { mode: 'external'; url: string }
    | { mode: 'embedded'; port: number; dataDir: string };
  auth:
    | { mode: 'emulator'; projectId: string; emulatorHost: string; emulatorPort: number }
    | { mode: 'firebase'; projectId: string; apiKey: string; authDomain: string };
  demoCorpusSize: number;
  modes: { mail: string; payments: string; ai: string };
  search: { maxResults: number; freeSearchesPerMonth: number };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  if (vars.NODE_ENV === 'production') {
    const missing = REQUIRED_IN_PRODUCTION.filter((name) => !env[name]?.trim());
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name}: required when NODE_ENV=production`));
    }
    if (vars.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      throw new ConfigError(['FIREBASE_PROJECT_ID: a demo- project cannot be used in production']);
    }
  }

  const dataDir = path.resolve(vars.DATA_DIR);
  const useEmulator = !vars.FIREBASE_API_KEY || !vars.FIREBASE_AUTH_DOMAIN;
  return {
    env: vars.NODE_ENV,
    http: {
      port: vars.PORT,
      host: vars.HOST,
      publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    },
    logLevel: vars.LOG_LEVEL,
    dataDir,
    database: vars.DATABASE_URL
      ? { mode: 'external', url: vars.DATABASE_URL }
      : { mode: 'embedded', port: vars.EMBEDDED_PG_PORT, dataDir: path.join(dataDir, 'pg') },
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
        },
    demoCorpusSize: vars.DEMO_CORPUS_SIZE,
    modes: {
      mail: vars.SMTP_URL ? 'SMTP' : `local outbox (${path.join(dataDir, 'outbox')})`,
      payments: vars.STRIPE_SECRET_KEY ? 'Stripe' : 'local checkout',
      ai: vars.OPENAI_API_KEY ? 'OpenAI-compatible model' : 'offline summarizer',
    },
    search: {
      maxResults: vars.SEARCH_MAX_RESULTS,
      freeSearchesPerMonth: vars.FREE_SEARCHES_PER_MONTH,
    },
  };
}
