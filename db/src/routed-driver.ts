import {
  CompiledQuery,
  PostgresDialect,
  PostgresDriver,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/** One server a read can go to, with its pool in this routed Kysely. */
export interface RouteTarget {
  /** `primary`, or the replica's `host:port/database`. */
  label: string;
  isPrimary: boolean;
  pool: pg.Pool;
}

/** What the routing decides and is told. */
export interface Router {
  /** The server for the next read, not one of `tried`; undefined when none is left. */
  pick(tried: ReadonlySet<string>): RouteTarget | undefined;
  /** The target failed as a server (stopped, unreachable, in conflict with recovery). */
  failed(target: RouteTarget, error: unknown): void;
  /** A read started on `target`; `retried` when it moved there after another server failed. */
  served(target: RouteTarget, retried: boolean): void;
}

/**
 * Errors that are the server's, not the read's: it stopped or restarted (57P01-57P03), the
 * connection failed (08...), a hot standby cancelled the read to replay WAL (40001), or the
 * socket went. The same read can run on another server.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '57P04', '40001']);
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const SOCKET_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended/i;

export function isServerFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (SERVER_STATES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code))
  )
    return true;
  return SOCKET_MESSAGES.test(error.message);
}

/** Kysely's own way to open a transaction (`PostgresDriver.beginTransaction`), as one statement. */
function beginStatement(settings: TransactionSettings): CompiledQuery {
  if (!settings.isolationLevel && !settings.accessMode) return CompiledQuery.raw('begin');
  return CompiledQuery.raw(
    [
      'start transaction',
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ]
      .filter(Boolean)
      .join(' '),
  );
}

/**
 * A connection to whichever server the routing picked. A read whose server fails under it runs
 * again on the next one; inside a transaction the statements run so far are replayed first
 * (every statement here is a read, so running it twice changes nothing), so the caller sees an
 * answer, not the failure. The primary's failures are the caller's.
 */
class RoutedConnection implements DatabaseConnection {
  /** Statements of the open transaction, in order; null outside one. */
  private transaction: CompiledQuery[] | null = null;

  constructor(
    private readonly driver: RoutedDriver,
    public target: RouteTarget,
    public inner: DatabaseConnection,
  ) {}

  begin(): void {
    this.transaction = [];
  }

  end(): void {
    this.transaction = null;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tried = new Set<string>();
    let moved = false;
    for (;;) {
      try {
        if (moved) for (const statement of this.transaction ?? []) await this.inner.executeQuery(statement);
        const result = await this.inner.executeQuery<R>(query);
        this.transaction?.push(query);
        return result;
      } catch (error) {
        if (this.target.isPrimary || !isServerFailure(error)) throw error;
        tried.add(this.target.label);
        await this.moveAway(tried, error);
        moved = true;
      }
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Onto the next server (the caller replays the open transaction's statements there). */
  private async moveAway(tried: Set<string>, error: unknown): Promise<void> {
    this.driver.router.failed(this.target, error);
    // A connection that survived (a read cancelled by recovery) must not go back to the pool
    // inside its aborted transaction; a dead one is dropped by the pool on release.
    if (this.transaction) await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
    await this.driver.release(this.target, this.inner);
    const next = await this.driver.connect(tried, error, true);
    this.target = next.target;
    this.inner = next.inner;
  }
}

/** Hands out connections to the server the routing picks, one pool per server. */
class RoutedDriver implements Driver {
  private readonly drivers = new Map<string, PostgresDriver>();

  constructor(
    readonly router: Router,
    targets: readonly RouteTarget[],
  ) {
    for (const target of targets) this.drivers.set(target.label, new PostgresDriver({ pool: target.pool }));
  }

  driverFor(target: RouteTarget): PostgresDriver {
    return this.drivers.get(target.label)!;
  }

  /** Gives a connection back to its server's pool (which drops it if it died). */
  release(target: RouteTarget, inner: DatabaseConnection): Promise<void> {
    // The connection came from this very driver's acquireConnection.
    return this.driverFor(target).releaseConnection(
      inner as Parameters<PostgresDriver['releaseConnection']>[0],
    );
  }

  async init(): Promise<void> {
    for (const driver of this.drivers.values()) await driver.init();
  }

  /** A connection on the first server that accepts one, skipping `tried` ones and those that refuse. */
  async connect(
    tried: Set<string>,
    cause: unknown,
    retried: boolean,
  ): Promise<{ target: RouteTarget; inner: DatabaseConnection }> {
    for (;;) {
      const target = this.router.pick(tried);
      if (!target) throw cause;
      try {
        const inner = await this.driverFor(target).acquireConnection();
        this.router.served(target, retried);
        return { target, inner };
      } catch (error) {
        if (target.isPrimary || !isServerFailure(error)) throw error;
        this.router.failed(target, error);
        tried.add(target.label);
        cause = error;
        retried = true;
      }
    }
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const { target, inner } = await this.connect(
      new Set(),
      new Error('No database server to read from.'),
      false,
    );
    return new RoutedConnection(this, target, inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.begin();
    await routed.executeQuery(beginStatement(settings));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    await routed.executeQuery(CompiledQuery.raw('commit'));
    routed.end();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.end();
    // A transaction whose server went is rolled back with it: nothing to move elsewhere.
    await routed.inner.executeQuery(CompiledQuery.raw('rollback')).catch((error: unknown) => {
      if (!isServerFailure(error)) throw error;
    });
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.end();
    await this.release(routed.target, routed.inner);
  }

  async destroy(): Promise<void> {
    for (const driver of this.drivers.values()) await driver.destroy();
  }
}

/** Postgres' dialect (its SQL, adapter, introspection) with the routed driver. */
export class RoutedPostgresDialect extends PostgresDialect {
  constructor(
    private readonly router: Router,
    private readonly targets: readonly RouteTarget[],
  ) {
    super({ pool: targets[0]!.pool });
  }

  override createDriver(): Driver {
    return new RoutedDriver(this.router, this.targets);
  }
}
