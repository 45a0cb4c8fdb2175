import path from 'node:path';
import { z } from 'zod';
import { ConfigError, defineSettings, port } from './shared/settings.js';

const postgresUrl = z
  .string()
  .trim()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

/**
 * The database part of the configuration: the primary (external, or embedded with streaming
 * standbys) and the read replicas.
 */
export const databaseSettings = defineSettings({
  env: {
    DATABASE_URL: postgresUrl.optional(),
    EMBEDDED_PG_PORT: port.optional(),
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
  },
  requiredInProduction: ['DATABASE_URL'],
  read(vars, { dataDir, localPort }) {
    if (vars.DATABASE_URL && vars.EMBEDDED_REPLICAS > 0) {
      throw new ConfigError([
        'EMBEDDED_REPLICAS: only with the embedded database; with DATABASE_URL, list its replicas in SEARCH_DATABASE_URLS',
      ]);
    }
    return {
      /** The primary; embedded, with `replicas` streaming standbys of it on the next ports (`npm run dev:replica`). */
      database: vars.DATABASE_URL
        ? { mode: 'external' as const, url: vars.DATABASE_URL }
        : {
            mode: 'embedded' as const,
            port: vars.EMBEDDED_PG_PORT ?? localPort(54329),
            dataDir: path.join(dataDir, 'pg'),
            replicas: vars.EMBEDDED_REPLICAS,
          },
      /** Hot standbys that serve searches and other reads, skipped when further behind than `maxLagSeconds` (ADR 0120). */
      readReplicas: { urls: vars.SEARCH_DATABASE_URLS, maxLagSeconds: vars.SEARCH_REPLICA_MAX_LAG_SECONDS },
    };
  },
});
