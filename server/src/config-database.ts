import path from 'node:path';
import { z } from 'zod';

/**
 * The database part of the configuration: the primary (external, or embedded with streaming
 * standbys) and the read replicas. config.ts reads the environment; this shapes its part.
 */
const port = z.coerce.number().int().min(1).max(65535);
const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

const DatabaseEnv = z.object({
  DATABASE_URL: postgresUrl.optional(),
  EMBEDDED_PG_PORT: port.default(54329),
  EMBEDDED_REPLICAS: z.coerce.number().int().min(0).max(4).default(0),
  /** Comma-separated. */
  SEARCH_DATABASE_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    )
    .pipe(z.array(postgresUrl))
    .refine((urls) => new Set(urls).size === urls.length, 'names a replica twice')
    .default([]),
  SEARCH_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).max(3600).default(10),
});
/** The variables, for config.ts's schema. */
export const DATABASE_ENV = DatabaseEnv.shape;

export interface DatabaseConfig {
  /** The primary; embedded, with `replicas` streaming standbys of it on the next ports (`npm run dev:replica`). */
  database:
    { mode: 'external'; url: string } | { mode: 'embedded'; port: number; dataDir: string; replicas: number };
  /** Hot standbys that serve searches and other reads, skipped when further behind than `maxLagSeconds` (ADR 0120). */
  readReplicas: { urls: string[]; maxLagSeconds: number };
}

type DatabaseVars = z.infer<typeof DatabaseEnv>;

/** The database settings, or the problems that stop start-up. */
export function databaseConfig(vars: DatabaseVars, dataDir: string): DatabaseConfig | { problems: string[] } {
  if (vars.DATABASE_URL && vars.EMBEDDED_REPLICAS > 0) {
    return {
      problems: [
        'EMBEDDED_REPLICAS: only with the embedded database; with DATABASE_URL, list its replicas in SEARCH_DATABASE_URLS',
      ],
    };
  }
  return {
    database: vars.DATABASE_URL
      ? { mode: 'external', url: vars.DATABASE_URL }
      : {
          mode: 'embedded',
          port: vars.EMBEDDED_PG_PORT,
          dataDir: path.join(dataDir, 'pg'),
          replicas: vars.EMBEDDED_REPLICAS,
        },
    readReplicas: { urls: vars.SEARCH_DATABASE_URLS, maxLagSeconds: vars.SEARCH_REPLICA_MAX_LAG_SECONDS },
  };
}
