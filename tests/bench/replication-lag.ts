import pg from 'pg';
import type { ReadRouting } from '@patentscout/db';

/** One look at a standby: Postgres' own figures on the primary, and the app's estimate. */
interface LagSample {
  at: number;
  /** pg_stat_replication.replay_lag: Postgres' time from a commit to its replay on the standby. */
  replaySeconds: number;
  /** WAL written on the primary and not yet replayed on the standby. */
  bytesBehind: number;
  /** What the app's routing reports (patentscout_db_replica_lag_seconds), at its check's precision. */
  routingSeconds: number | null;
}

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
};

/**
 * Samples a standby's lag every `everyMs` while a load runs: from the primary's
 * `pg_stat_replication` (Postgres' measure) and from the app's read routing.
 */
export function sampleReplicationLag(options: {
  primaryAdminUrl: string;
  standby: string;
  routing: ReadRouting;
  everyMs: number;
}) {
  const samples: LagSample[] = [];
  const client = new pg.Client({ connectionString: options.primaryAdminUrl });
  client.on('error', () => undefined);
  let timer: NodeJS.Timeout | undefined;
  const sample = async () => {
    const { rows } = await client.query<{ replay: number | null; bytes: string | null }>(
      `SELECT extract(epoch FROM replay_lag)::float8 AS replay,
              pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint::text AS bytes
       FROM pg_stat_replication WHERE application_name = $1`,
      [options.standby],
    );
    const routed = options.routing.replicas()[0];
    samples.push({
      at: Date.now(),
      replaySeconds: rows[0]?.replay ?? 0,
      bytesBehind: Number(rows[0]?.bytes ?? 0),
      routingSeconds: routed?.lagSeconds ?? null,
    });
  };
  return {
    async start() {
      await client.connect();
      timer = setInterval(() => void sample().catch(() => undefined), options.everyMs);
    },
    /** Keeps sampling until the standby has replayed everything; answers how long that took. */
    async untilCaughtUp(timeoutMs: number): Promise<number> {
      const from = Date.now();
      for (;;) {
        await sample();
        if (samples.at(-1)!.bytesBehind <= 0) return Date.now() - from;
        if (Date.now() - from > timeoutMs)
          throw new Error(`the standby did not catch up within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, options.everyMs));
      }
    },
    async stop() {
      if (timer) clearInterval(timer);
      await client.end();
    },
    /** The figures over the samples taken from `since` on. */
    summary(since = 0) {
      const taken = samples.filter((sample) => sample.at >= since);
      const replay = taken.map((sample) => sample.replaySeconds);
      const routing = taken.flatMap((sample) =>
        sample.routingSeconds === null ? [] : [sample.routingSeconds],
      );
      const bytes = taken.map((sample) => sample.bytesBehind);
      return {
        samples: taken.length,
        replay: { p50: percentile(replay, 0.5), p95: percentile(replay, 0.95), max: Math.max(0, ...replay) },
        routing: {
          p50: percentile(routing, 0.5),
          p95: percentile(routing, 0.95),
          max: Math.max(0, ...routing),
        },
        bytesMax: Math.max(0, ...bytes),
      };
    },
  };
}
