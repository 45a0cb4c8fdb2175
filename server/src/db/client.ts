import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './tables.js';
import type { PoolCounts } from '../shared/observer.js';

export type Db = Kysely<Database>;

// NOTE: dates stay YYYY-MM-DD strings; turning them into JS Dates would shift them by the
// server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Connections of a pool: open, idle, and requests waiting for one (the server's metrics). */
export type PoolUsage = PoolCounts;

const pools = new WeakMap<object, pg.Pool>();

/** The usage of the pool behind a Db made by `createDb`. */
export function poolUsageOf(db: Db): PoolUsage | undefined {
  const pool = pools.get(db);
  return pool
    ? {
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }
    : undefined;
}

/**
 * A pool of `maxConnections`; `options` are session settings (`-c name=value ...`); `onConnect`
 * is told each new connection's backend process id.
 */
export function createDb(
  connectionString: string,
  maxConnections = 10,
  onIdleError?: (error: Error) => void,
  options?: string,
  onConnect?: (backendPid: number) => void,
): Db {
  const pool = new pg.Pool({ connectionString, max: maxConnections, ...(options ? { options } : {}) });
  // An idle connection can be cut by the server (a restart, a shutdown under way); without a
  // listener node-postgres would turn that into an uncaught exception.
  pool.on('error', (error) => onIdleError?.(error));
  // NOTE: the pool listens to a client only while it is idle. A client checked out but between
  // statements (a transaction, a connection held for a search) that loses its server (a
  // Postgres restart) would emit an unheard 'error' and end the process; its holder's next
  // statement fails instead ("not queryable"), which the error map answers with 503.
  pool.on('connect', (client) => {
    client.on('error', (error) => onIdleError?.(error));
    // Known from the server's first answer (BackendKeyData), before any statement is sent.
    const { processID } = client as unknown as { processID: number | null };
    if (onConnect && processID !== null) onConnect(processID);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  return db;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator accepts any schema
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // NOTE: migrations are written against Kysely<unknown>; any typed Kysely may run them.
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/** Migrations this build knows that the database has not applied yet (readiness). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator accepts any schema
export async function pendingMigrations(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const migrations = await migrator.getMigrations();
  return migrations
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
}
