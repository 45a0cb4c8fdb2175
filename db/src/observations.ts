/**
 * What the data package reports about its connections, without knowing who listens (the server's
 * Prometheus registry and /readyz): a pool's usage, each routed read, each replica's state.
 */

/** Connections of a pool: open, idle, requests waiting, and the most it opens. */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

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
