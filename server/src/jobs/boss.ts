import PgBoss from 'pg-boss';

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
}): Promise<JobQueue> {
  const sendOnly = options.runsJobs === false;
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    ...(sendOnly ? { supervise: false, schedule: false } : {}),
  });
  let running = false;
  boss.on('error', options.onError);
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;
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
