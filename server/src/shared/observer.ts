/**
 * Ports through which the domain reports what it measured, without knowing who listens (the
 * server's Prometheus registry, `metrics/`). The search engine and the job runner stay free of
 * prom-client; a process without metrics passes nothing.
 */

/** One search as the engine ran it. */
export interface SearchObservation {
  /** `natural` is the product's AI search; `advanced` the Lens query language. */
  engine: 'natural' | 'advanced';
  /**
   * false: every candidate tier was read and the counts are exact; true: the candidate budget
   * filled in an earlier tier, the read stopped there and the totals are estimated.
   */
  estimated: boolean;
  seconds: number;
}

export type SearchObserver = (observation: SearchObservation) => void;

/** Connections of a pool: open, idle, requests waiting, and the most it opens. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** Reports a named pool's usage whenever asked (at each metrics scrape). */
export type PoolWatcher = (name: string, usage: () => PoolCounts | undefined) => void;

/** One run of a background job. */
export interface JobObservation {
  queue: string;
  outcome: 'completed' | 'failed';
  seconds: number;
}

export type JobObserver = (observation: JobObservation) => void;

/** Billing's state as `/metrics` reports it: the latest reconciliation, and events waiting for it. */
export interface BillingFigures {
  lastRun?: {
    finishedAt: Date | null;
    checked: number;
    /** Fixes by kind (added, updated, ended, duplicate, closed, eventRetried, eventExpired, unknown). */
    fixes: Record<string, number>;
    error: string | null;
  };
  unmatchedEvents: number;
}

/** Reads billing's figures whenever asked (at each metrics scrape: they live in the database). */
export type BillingWatcher = (read: () => Promise<BillingFigures>) => void;
/** One read operation (a query or a read transaction) routed to a server. */
export interface ReadObservation {
  /** The routed pool: `search` (the engine's) or `reads` (the repositories'). */
  pool: string;
  /** `primary`, or the replica's `host:port/database`. */
  target: string;
  /** It moved to this server after the one it started on failed. */
  retried: boolean;
}

export type ReadObserver = (observation: ReadObservation) => void;

/** A read replica as its last health check (or failed read) left it. */
export interface ReplicaState {
  /** The replica's `host:port/database`. */
  label: string;
  /** It answered its last check as a hot standby. */
  up: boolean;
  /** Reads go to it: up, and no further behind than the configured bound. */
  serving: boolean;
  /** How far its data is behind the primary's; null while unknown (down). */
  lagSeconds: number | null;
  lagBytes: number | null;
  /** Why it does not serve, or its lag, in words (logs and /readyz). */
  detail: string;
}
