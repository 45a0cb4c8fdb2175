import type { PoolCounts } from '@patentscout/db';

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

/** The data package's own observations: pool usage and routed reads. */
export type { PoolCounts, ReadObservation, ReadObserver, ReplicaState } from '@patentscout/db';

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
