import PgBoss from 'pg-boss';
import { failRunsLeftActive } from './run-leases.js';

/** The longest wait between pg-boss's maintenance rounds (which fail the runs whose lease ran out). */
const LONGEST_MAINTENANCE_INTERVAL_S = 30;

export interface JobQueue {
  boss: PgBoss;
  isRunning(): boolean;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss on the same Postgres. Features register their jobs and schedules here as they
 * arrive (weekly digests, one-shot searches, enrichment, re-index); the queues may be empty.
 */
export async function startJobQueue(options: {
  connectionString: string;
  onError: (error: Error) => void;
  /**
   * false (a web server): only sends jobs; the queue's maintenance and the cron schedules are
   * left to the workers, so a web-only process never takes part in running jobs.
   */
  runsJobs?: boolean;
  /** How long a run's lease lasts (ADR 0170); pg-boss's maintenance looks for lapsed ones twice a lease. */
  leaseSeconds?: number;
  /**
   * This process alone works this database's jobs, and nothing of an earlier run of it is alive
   * (the embedded mode): the runs left active are failed and retried at once. Told their queues.
   */
  failRunsLeftActive?: (queues: string[]) => void;
}): Promise<JobQueue> {
  const sendOnly = options.runsJobs === false;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    maintenanceIntervalSeconds: Math.min(
      LONGEST_MAINTENANCE_INTERVAL_S,
      Math.max(1, Math.floor((options.leaseSeconds ?? LONGEST_MAINTENANCE_INTERVAL_S * 2) / 2)),
    ),
    ...(sendOnly ? { supervise: false, schedule: false } : {}),
  });
  let running = false;
  boss.on('error', options.onError);
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;
  if (options.failRunsLeftActive && !sendOnly) {
    const queues = await failRunsLeftActive(boss);
    if (queues.length > 0) options.failRunsLeftActive(queues);
  }
  return {
    boss,
    isRunning: () => running,
    async stop() {
      if (!running) return;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      running = false;
    },
  };
}
