import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.js';
import type { Database } from './tables.js';
import type { PoolCounts } from './observations.js';

export type Db = Kysely<Database>;

// NOTE: dates stay YYYY-MM-DD strings; turning them into JS Dates would shift them by the
// server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** Connections of a pool: open, idle, and requests waiting for one (the server's metrics). */
export type PoolUsage = PoolCounts;

const usages = new WeakMap<object, () => PoolUsage>();

/** The connections of `pools` together (one Db may keep a pool per server: the routed reads). */
export function usageOfPools(pools: readonly pg.Pool[]): PoolUsage {
  return pools.reduce(
    (sum, pool) => ({
      total: sum.total + pool.totalCount,
      idle: sum.idle + pool.idleCount,
      waiting: sum.waiting + pool.waitingCount,
      max: sum.max + (pool.options.max ?? 10),
    }),
    { total: 0, idle: 0, waiting: 0, max: 0 },
  );
}

/** Makes `poolUsageOf(db)` answer for a Db whose pools were not made by `createDb`. */
export function registerPoolUsage(db: Db, usage: () => PoolUsage): void {
  usages.set(db, usage);
}

/** The usage of the pools behind a Db made by `createDb` (or registered). */
export function poolUsageOf(db: Db): PoolUsage | undefined {
  return usages.get(db)?.();
}

/**
 * A connection that dies while it is lent out (a query or a transaction under way, or a
 * connection held between statements: the server crashed, restarted or was stopped) fails its
 * holder's next statement ("not queryable"), which the caller sees and the error map answers
 * with 503; node-postgres also emits the loss on the connection itself, where no listener (the
 * pool only listens to idle ones) would make it an uncaught exception that ends the process.
 */
export function keepLostConnectionsQuiet(pool: pg.Pool, onLost?: (error: Error) => void): void {
  pool.on('connect', (client) => client.on('error', (error) => onLost?.(error)));
}

/**
 * How long the server's pools keep an idle connection: for ever (0). A new Postgres backend maps
 * each page of shared memory it touches on first use, and on virtual machines like this one each
 * mapping costs microseconds, so a search on a new backend took 200-300 ms where the same search
 * on a used one took 35 (ADR 0135). node-postgres closes idle connections after 10 s by default,
 * which put most searches of a quiet server, and their bookkeeping, on new backends.
 */
export const KEEP_IDLE_CONNECTIONS = { idleTimeoutMillis: 0 } as const;

export interface PoolOptions {
  /** 10 unless given. */
  maxConnections?: number;
  /** Told of an idle connection that the server cut. */
  onIdleError?: (error: Error) => void;
  /** Session settings, `-c name=value ...`. */
  sessionOptions?: string;
  /** Told each new connection's backend process id. */
  onConnect?: (backendPid: number) => void;
  /**
   * Keep idle connections open (`KEEP_IDLE_CONNECTIONS`): the server's pools. Short-lived
   * commands and tests let node-postgres close them after 10 s, so that they can exit.
   */
  keepIdle?: boolean;
}

export function createDb(connectionString: string, options: PoolOptions = {}): Db {
  const { maxConnections = 10, onIdleError, sessionOptions, onConnect, keepIdle = false } = options;
  const pool = new pg.Pool({
    connectionString,
    max: maxConnections,
    ...(sessionOptions ? { options: sessionOptions } : {}),
    ...(keepIdle ? KEEP_IDLE_CONNECTIONS : {}),
  });
  // An idle connection can be cut by the server (a restart, a shutdown under way); without a
  // listener node-postgres would turn that into an uncaught exception.
  pool.on('error', (error) => onIdleError?.(error));
  keepLostConnectionsQuiet(pool, onIdleError);
  if (onConnect) {
    pool.on('connect', (client) => {
      // Known from the server's first answer (BackendKeyData), before any statement is sent.
      const { processID } = client as unknown as { processID: number | null };
      if (processID !== null) onConnect(processID);
    });
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerPoolUsage(db, () => usageOfPools([pool]));
  return db;
}

/**
 * Session settings of the app's pool on the primary: a commit returns once a synchronous
 * standby has it on disk, when the primary names some (`synchronous_standby_names`), so that
 * accounts, subscriptions and favourites survive a failover (ADR 0121). Without synchronous
 * standbys it is Postgres' default.
 */
export const DURABLE_COMMIT = '-c synchronous_commit=on';

/**
 * A pool whose commits return once the primary has them, without waiting for a synchronous
 * standby: for the writes a failover may lose (search events and kept result sets, page views,
 * rate-limit counts), so that searching goes on while every standby is down (ADR 0121).
 */
export function createLocalCommitDb(
  connectionString: string,
  maxConnections: number,
  onIdleError?: (error: Error) => void,
): Db {
  return createDb(connectionString, {
    maxConnections,
    onIdleError,
    sessionOptions: '-c synchronous_commit=local',
    keepIdle: true,
  });
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
