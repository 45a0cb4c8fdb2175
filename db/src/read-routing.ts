import { Kysely } from 'kysely';
import pg from 'pg';
import type { Logger } from '@patentscout/platform';
import type { ReadObserver, ReplicaState } from './observations.js';
import {
  KEEP_IDLE_CONNECTIONS,
  keepLostConnectionsQuiet,
  registerPoolUsage,
  usageOfPools,
  type Db,
} from './client.js';
import { parseLsn, PrimaryPositions } from './replica-lag.js';
import { RoutedPostgresDialect, type RouteTarget, type Router } from './routed-driver.js';
import type { Database } from './tables.js';

/** How often each replica's health and lag are read. */
export const REPLICA_CHECK_INTERVAL_MS = 500;
/** A replica that does not connect or answer its check within this is down. */
const REPLICA_TIMEOUT_MS = 2_000;
/** The repositories' shared read pool, per server (the search engine keeps a pool of its own). */
const READS_POOL_SIZE = 5;
/** Reads never write: a write sent here by mistake fails on the primary as it would on a replica. */
const READ_ONLY = '-c default_transaction_read_only=on';

/**
 * Where reads go: to the hot-standby replicas that answer and are no further behind than the
 * bound, in turn, and to the primary when none is. Everything that writes keeps using the
 * primary's own pools; only what is handed a routed Db reads here (ADR 0120).
 */
export interface ReadRouting {
  /** The repositories' reads (patent pages, highlights, analytics, kept result sets). */
  db: Db;
  /** A routed pool of one's own: the search engine's, with the session settings its plans need. */
  pool(options: {
    name: string;
    maxConnections: number;
    sessionOptions?: string;
    onIdleError?: (error: Error) => void;
  }): Db;
  /** Each replica as its last check left it (metrics, /readyz). */
  replicas(): ReplicaState[];
  /** The primary's address: for a pool that must not be routed (the search's yielding one). */
  primaryUrl: string;
  close(): Promise<void>;
}

/** A server's name in metrics and logs: `host:port/database`, never its credentials. */
export function serverLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

interface Replica {
  url: string;
  state: ReplicaState;
  check: pg.Pool;
}

/** Answers once every replica has been checked once, so that the first reads already use them. */
export async function createReadRouting(options: {
  primaryUrl: string;
  replicaUrls: readonly string[];
  /** A replica further behind than this is skipped. */
  maxLagSeconds: number;
  checkIntervalMs?: number;
  logger?: Logger;
  observe?: ReadObserver;
}): Promise<ReadRouting> {
  const { logger, observe, maxLagSeconds } = options;
  const interval = options.checkIntervalMs ?? REPLICA_CHECK_INTERVAL_MS;
  const checkPool = (url: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: REPLICA_TIMEOUT_MS,
      query_timeout: REPLICA_TIMEOUT_MS,
      application_name: 'patentscout-replica-check',
    });
    pool.on('error', () => undefined); // a check reports its own failure
    return pool;
  };
  const primaryCheck = checkPool(options.primaryUrl);
  const positions = new PrimaryPositions(Math.max(60_000, maxLagSeconds * 3_000));
  const replicas: Replica[] = options.replicaUrls.map((url) => ({
    url,
    check: checkPool(url),
    state: {
      label: serverLabel(url),
      up: false,
      serving: false,
      lagSeconds: null,
      lagBytes: null,
      detail: 'not checked yet',
    },
  }));

  const checked = new Set<Replica>();
  /** Keeps a replica's new state; says so in the log when it starts or stops serving (or goes down). */
  function settle(replica: Replica, next: Omit<ReplicaState, 'label'>): void {
    const before = replica.state;
    replica.state = { label: before.label, ...next };
    const first = !checked.has(replica);
    checked.add(replica);
    if (!first && before.serving === next.serving && before.up === next.up) return;
    if (next.serving)
      logger?.info({ replica: before.label }, `read replica ${before.label} serves reads (${next.detail})`);
    else logger?.warn({ replica: before.label }, `read replica ${before.label} skipped: ${next.detail}`);
  }

  const markDown = (replica: Replica, detail: string) =>
    settle(replica, { up: false, serving: false, lagSeconds: null, lagBytes: null, detail });

  async function checkReplica(replica: Replica): Promise<void> {
    try {
      const { rows } = await replica.check.query<{
        standby: boolean;
        replayed: string | null;
        committed_at: number | null;
      }>(`SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replayed,
                 (extract(epoch FROM pg_last_xact_replay_timestamp()) * 1000)::float8 AS committed_at`);
      const row = rows[0]!;
      if (!row.standby || row.replayed === null) {
        markDown(replica, 'not a hot standby (it accepts writes)');
        return;
      }
      const position = { replayed: parseLsn(row.replayed), lastReplayedCommitAt: row.committed_at };
      const lagSeconds = positions.lagSeconds(position, Date.now());
      const lagBytes = positions.bytesBehind(position);
      const within = lagSeconds <= maxLagSeconds;
      settle(replica, {
        up: true,
        serving: within,
        lagSeconds,
        lagBytes,
        detail: within
          ? `lag ${lagSeconds.toFixed(1)} s`
          : `lag ${lagSeconds.toFixed(1)} s, more than the ${maxLagSeconds} s allowed`,
      });
    } catch (error) {
      markDown(replica, describe(error));
    }
  }

  let round: Promise<void> | undefined;
  const checkAll = () =>
    (round ??= (async () => {
      try {
        const { rows } = await primaryCheck.query<{ position: string | null }>(
          'SELECT CASE WHEN pg_is_in_recovery() THEN NULL ELSE pg_current_wal_lsn()::text END AS position',
        );
        if (rows[0]?.position) positions.record(Date.now(), parseLsn(rows[0].position));
      } catch {
        // The primary's own pools report its outage; the replicas keep the last known position.
      }
      await Promise.all(replicas.map(checkReplica));
    })().finally(() => {
      round = undefined;
    }));

  if (replicas.length > 0) await checkAll();
  const timer = replicas.length > 0 ? setInterval(() => void checkAll(), interval) : undefined;
  timer?.unref();

  const routed: Db[] = [];
  function pool(settings: Parameters<ReadRouting['pool']>[0]): Db {
    const open = (url: string, isPrimary: boolean): RouteTarget => {
      const target = new pg.Pool({
        connectionString: url,
        max: settings.maxConnections,
        options: [settings.sessionOptions, READ_ONLY].filter(Boolean).join(' '),
        application_name: `patentscout-${settings.name}`,
        // Searches and reads on a used backend: a new one is slow until it has mapped its pages.
        ...KEEP_IDLE_CONNECTIONS,
        ...(isPrimary ? {} : { connectionTimeoutMillis: REPLICA_TIMEOUT_MS }),
      });
      target.on('error', (error) => settings.onIdleError?.(error));
      keepLostConnectionsQuiet(target);
      return { label: isPrimary ? 'primary' : serverLabel(url), isPrimary, pool: target };
    };
    const primary = open(options.primaryUrl, true);
    const targets = [primary, ...replicas.map((replica) => open(replica.url, false))];
    const byLabel = new Map(targets.map((target) => [target.label, target]));
    let turn = 0;
    const router: Router = {
      pick(tried) {
        const serving = replicas.filter(
          (replica) => replica.state.serving && !tried.has(replica.state.label),
        );
        if (serving.length > 0) return byLabel.get(serving[turn++ % serving.length]!.state.label);
        return tried.has(primary.label) ? undefined : primary;
      },
      failed(target, error) {
        const replica = replicas.find((candidate) => candidate.state.label === target.label);
        // A read cancelled to replay WAL says nothing about the replica's health.
        if (!replica || (error as { code?: string }).code === '40001') return;
        markDown(replica, describe(error));
      },
      served: (target, retried) => observe?.({ pool: settings.name, target: target.label, retried }),
    };
    const db = new Kysely<Database>({ dialect: new RoutedPostgresDialect(router, targets) });
    registerPoolUsage(db, () => usageOfPools(targets.map((target) => target.pool)));
    routed.push(db);
    return db;
  }

  return {
    db: pool({ name: 'reads', maxConnections: READS_POOL_SIZE, onIdleError: () => undefined }),
    pool,
    primaryUrl: options.primaryUrl,
    replicas: () => replicas.map((replica) => ({ ...replica.state })),
    async close() {
      if (timer) clearInterval(timer);
      await round;
      for (const db of routed) await db.destroy();
      await Promise.all([primaryCheck.end(), ...replicas.map((replica) => replica.check.end())]);
    },
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  return message || code || 'no answer';
}
