import type { Logger } from './logger.js';

/**
 * A background job, described without pg-boss so that any part of the product (the indexer
 * among them, which the server must not import) can hand its jobs to the server's worker.
 */
export interface JobDefinition<Context extends JobContext<unknown>> {
  /** `<feature>.<verb>`, e.g. `indexer.enrich`. */
  name: string;
  /** A five-field cron expression (UTC); without one the job runs only when sent. */
  schedule?: string;
  /** How long one run may take before the queue counts it as failed and retries it. */
  expireInSeconds?: number;
  /**
   * `stately` (the default): at most one run waiting and one running, for jobs that sweep a
   * table. `standard`: every sent job runs, for jobs with a payload of their own (one request each).
   */
  policy?: 'stately' | 'standard';
  /** Retries after a failed or expired run (pg-boss's default otherwise), `retryDelay` seconds apart. */
  retryLimit?: number;
  retryDelay?: number;
  /** Validates its payload itself (zod) and is idempotent: a retried run must do no harm. */
  handler(payload: unknown, context: Context): Promise<void>;
}

/**
 * What every job's handler is given. The database handle's type is the data package's: each side
 * that defines jobs binds it (`JobContext<Db>`), so the contract itself needs no database.
 */
export interface JobContext<Database> {
  db: Database;
  logger: Logger;
  /** Queues a job by name (another run of itself, or a follow-up job). */
  send(name: string, payload?: object): Promise<void>;
  /** Aborted when the server stops: a long run ends its current step and returns. */
  signal: AbortSignal;
  /** Which run of this job this is: a failure of the last one is final (no retry follows). */
  attempt: { retryCount: number; last: boolean };
}
