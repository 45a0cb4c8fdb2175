import { sql } from 'kysely';
import type { AppConfig } from './config.js';
import { pendingMigrations, type Db, type MeaningCoverage } from '@patentscout/db';
import type { ComponentHealth, HealthProbe } from './http/health.js';
import type { JobQueue } from './jobs/boss.js';
import type { ReplicaState } from './shared/observer.js';
import type { Supervisor } from './supervisor/supervisor.js';

/** The supervised parts' names, as logs and /readyz say them. */
export const DATABASE_PART = 'PostgreSQL';
export const IDENTITY_PART = 'the Firebase Auth emulator';
const REPLICA_PART = 'the embedded read replica';
export const replicaPart = (number: number) => `${REPLICA_PART} ${number}`;

/** A probe that gives up instead of hanging on a part that does not answer. */
const PROBE_TIMEOUT_MS = 3_000;

/** "restarting for 12 s (killed by SIGKILL), 1 restart so far" while the supervisor restarts a part. */
function restarting(supervisor: Supervisor, part: string): ComponentHealth | undefined {
  const status = supervisor.status()[part];
  if (status?.state !== 'restarting') return undefined;
  const seconds = Math.round((Date.now() - status.since) / 1000);
  return {
    ok: false,
    detail: `${part} is restarting for ${seconds} s (it ended: ${status.lastEnd ?? 'unknown'}), ${status.restarts} restart(s) so far`,
  };
}

const withRestarts = (supervisor: Supervisor, part: string, detail: string) => {
  const restarts = supervisor.status()[part]?.restarts ?? 0;
  return restarts > 0 ? `${detail} (restarted ${restarts} time(s))` : detail;
};

/** "1 of 2 serving reads: host:port/db lag 0.1 s; ..." (the read routing's view of its replicas). */
function describeReplicas(replicas: ReplicaState[]): string {
  if (replicas.length === 0) return 'none: reads go to the primary';
  const serving = replicas.filter((replica) => replica.serving);
  const states = replicas.map(
    (replica) => `${replica.label} ${replica.serving ? replica.detail : `skipped (${replica.detail})`}`,
  );
  return `${serving.length} of ${replicas.length} serving reads${serving.length === 0 ? ', reads go to the primary' : ''}: ${states.join('; ')}`;
}

/** "1,200 of 2,000 patents have their meaning (words), building": never a reason to take no traffic. */
export function meaningHealth(coverage: () => Promise<MeaningCoverage>) {
  return async () => {
    const { state, method, patents, embedded } = await coverage();
    const detail =
      state === 'ready'
        ? `every patent has its meaning (${method ?? 'none'})`
        : `${embedded.toLocaleString('en')} of ${patents.toLocaleString('en')} patents have their meaning` +
          `${method ? ` (${method})` : ''}, ${state === 'building' ? 'building' : 'missing: AI search finds by words alone'}`;
    return { ok: true, detail, state, method, patents, embedded };
  };
}

/**
 * What /readyz reports, part by part and truthfully: a part being restarted says so, the job
 * queue is ready only when it reaches its database, and the identity service only when it answers.
 * The read replicas are informative (without one reads go to the primary and the server serves):
 * which serve, and the embedded ones the supervisor is restarting.
 */
export function healthProbe(deps: {
  config: AppConfig;
  db: Db;
  jobs: JobQueue;
  runsJobs: boolean;
  supervisor: Supervisor;
  replicas: () => ReplicaState[];
  meaning?: () => Promise<MeaningCoverage>;
}): HealthProbe {
  const { config, db, jobs, supervisor } = deps;
  const emulatorUrl =
    config.auth.mode === 'emulator'
      ? `http://${config.auth.emulatorHost}:${config.auth.emulatorPort}/`
      : config.auth.emulatorHost
        ? `http://${config.auth.emulatorHost}/`
        : undefined;
  return {
    database: async () => {
      const down = restarting(supervisor, DATABASE_PART);
      if (down) return down;
      await sql`SELECT 1`.execute(db);
      const kind = config.database.mode === 'embedded' ? 'embedded PostgreSQL' : 'PostgreSQL';
      return { ok: true, detail: withRestarts(supervisor, DATABASE_PART, kind) };
    },
    migrations: async () => {
      const pending = await pendingMigrations(db);
      return pending.length === 0
        ? { ok: true, detail: 'all applied' }
        : { ok: false, detail: `not applied: ${pending.join(', ')}` };
    },
    auth: async () => {
      const down = restarting(supervisor, IDENTITY_PART);
      if (down) return down;
      if (!emulatorUrl) return { ok: true, detail: `Firebase project ${config.auth.projectId}` };
      const response = await fetch(emulatorUrl, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      return {
        ok: response.status < 500,
        detail: withRestarts(supervisor, IDENTITY_PART, 'Firebase Auth emulator'),
      };
    },
    replicas: async () => {
      const restartingReplicas = Object.keys(supervisor.status())
        .filter((part) => part.startsWith(REPLICA_PART))
        .flatMap((part) => restarting(supervisor, part)?.detail ?? []);
      const restarted = Object.entries(supervisor.status())
        .filter(
          ([part, status]) =>
            part.startsWith(REPLICA_PART) && status.state === 'running' && status.restarts > 0,
        )
        .map(([part, status]) => `${part} restarted ${status.restarts} time(s)`);
      return {
        ok: true,
        detail: [describeReplicas(deps.replicas()), ...restartingReplicas, ...restarted].join('; '),
      };
    },
    ...(deps.meaning ? { meaning: meaningHealth(deps.meaning) } : {}),
    jobs: async () => {
      if (!jobs.isRunning()) return { ok: false, detail: 'pg-boss stopped' };
      // pg-boss outlives a database restart and reconnects by itself; until then it works nothing.
      await jobs.boss.getDb().executeSql('SELECT 1', []);
      return {
        ok: true,
        detail: deps.runsJobs ? 'pg-boss running, working the queues' : 'pg-boss running, sending only',
      };
    },
  };
}
