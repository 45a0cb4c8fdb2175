import type PgBoss from 'pg-boss';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { PoolUsage } from '@patentscout/db';
import type {
  BillingFigures,
  BillingWatcher,
  JobObserver,
  PoolWatcher,
  ReadObserver,
  ReplicaState,
  SearchObserver,
} from '../shared/observer.js';

/** Seconds: from a cached page (a few ms) to a slow million-patent search or a long job. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.05, 0.25, 1, 5, 15, 60, 300, 900];

export interface Metrics {
  registry: Registry;
  /** One HTTP request, by the route's template (`/api/v1/patents/:id`), never the raw URL. */
  observeRequest(request: { method: string; route: string; status: number; seconds: number }): void;
  observeSearch: SearchObserver;
  observeJob: JobObserver;
  /** Reports the depth of these pg-boss queues at each scrape. */
  watchQueues(boss: PgBoss, queues: readonly string[]): void;
  /** Reports a connection pool's usage at each scrape. */
  watchPool: PoolWatcher;
  /** Reports billing's reconciliation figures at each scrape. */
  watchBilling: BillingWatcher;
  /** One routed read and the server that served it. */
  observeRead: ReadObserver;
  /** Reports the read replicas' health and lag at each scrape. */
  watchReplicas(states: () => ReplicaState[]): void;
  /** Prometheus' text format. */
  render(): Promise<{ contentType: string; body: string }>;
}

/** A registry per process (web server or worker): every series is that process's own. */
export function createMetrics(options: { role: string }): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ role: options.role });
  // The standard names (process_*, nodejs_*), which ready-made dashboards expect.
  collectDefaultMetrics({ register: registry });
  // Each server keeps a registry of its own, so no metric lands in prom-client's global one.
  const histogram = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets: number[],
  ) => new Histogram<L>({ name, help, labelNames, buckets, registers: [registry] });
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });

  const requests = histogram(
    'patentscout_http_request_duration_seconds',
    'HTTP requests by method, route template and status code',
    ['method', 'route', 'status_code'] as const,
    LATENCY_BUCKETS,
  );
  const searches = histogram(
    'patentscout_search_duration_seconds',
    'Search engine time by kind (ai, advanced) and tier (all-tiers: every candidate tier read, exact counts; budget: the candidate budget filled early, counts estimated)',
    ['kind', 'tier'] as const,
    LATENCY_BUCKETS,
  );
  const jobs = histogram(
    'patentscout_job_duration_seconds',
    'Background job runs by queue and outcome (completed, failed)',
    ['queue', 'outcome'] as const,
    JOB_BUCKETS,
  );
  const jobOutcomes = counter(
    'patentscout_jobs_total',
    'Background job runs by queue and outcome (completed, failed)',
    ['queue', 'outcome'] as const,
  );

  const watchedQueues: Array<{ boss: PgBoss; queues: readonly string[] }> = [];
  new Gauge({
    name: 'patentscout_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (created or retrying), read at the scrape',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { boss, queues } of watchedQueues) {
        for (const queue of queues) {
          try {
            this.set({ queue }, await boss.getQueueSize(queue));
          } catch {
            // a queue not created yet or a stopping boss: no sample this time
          }
        }
      }
    },
  });

  const pools: Array<{ name: string; usage: () => PoolUsage | undefined }> = [];
  const poolGauge = (name: string, help: string, pick: (usage: PoolUsage) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const pool of pools) {
          const usage = pool.usage();
          if (usage) this.set({ pool: pool.name }, pick(usage));
        }
      },
    });
  poolGauge('patentscout_db_pool_connections', 'Open connections of a database pool', (usage) => usage.total);
  poolGauge('patentscout_db_pool_idle', 'Idle connections of a database pool', (usage) => usage.idle);
  poolGauge(
    'patentscout_db_pool_waiting',
    'Queries waiting for a connection of a database pool',
    (usage) => usage.waiting,
  );
  poolGauge('patentscout_db_pool_max', 'Most connections a database pool opens', (usage) => usage.max);

  const billing: Array<() => Promise<BillingFigures>> = [];
  /** Billing's figures, read once per scrape however many gauges ask. */
  let billingScrape: { at: number; figures: Promise<BillingFigures | undefined> } | undefined;
  const billingFigures = (): Promise<BillingFigures | undefined> => {
    const read = billing[0];
    if (!read) return Promise.resolve(undefined);
    if (!billingScrape || Date.now() - billingScrape.at > 1000)
      billingScrape = { at: Date.now(), figures: read().catch(() => undefined) };
    return billingScrape.figures;
  };
  const billingGauge = (
    name: string,
    help: string,
    labelNames: readonly string[],
    set: (gauge: Gauge, figures: BillingFigures) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        const figures = await billingFigures();
        if (figures) set(this, figures);
      },
    });
  billingGauge(
    'patentscout_billing_reconciliation_last_run_timestamp_seconds',
    'When the latest billing reconciliation finished (Unix time)',
    [],
    (gauge, { lastRun }) => {
      if (lastRun?.finishedAt) gauge.set(lastRun.finishedAt.getTime() / 1000);
    },
  );
  billingGauge(
    'patentscout_billing_reconciliation_last_run_checked',
    'Provider subscriptions the latest billing reconciliation checked',
    [],
    (gauge, { lastRun }) => {
      if (lastRun) gauge.set(lastRun.checked);
    },
  );
  billingGauge(
    'patentscout_billing_reconciliation_last_run_fixes',
    'What the latest billing reconciliation fixed, by kind (added, updated, ended, duplicate, closed, eventRetried, eventExpired, unknown)',
    ['fix'],
    (gauge, { lastRun }) => {
      for (const [fix, count] of Object.entries(lastRun?.fixes ?? {})) gauge.set({ fix }, count);
    },
  );
  billingGauge(
    'patentscout_billing_unmatched_events',
    'Provider events for a subscription or customer not known yet, waiting for the next reconciliation',
    [],
    (gauge, figures) => gauge.set(figures.unmatchedEvents),
  );

  const reads = counter(
    'patentscout_db_reads_total',
    'Routed read operations (a query or a read transaction) by pool (search, reads) and the server that served them (primary, or a replica host:port/database)',
    ['pool', 'target'] as const,
  );
  const readRetries = counter(
    'patentscout_db_read_retries_total',
    'Reads that moved to this server after the replica they started on failed (stopped, unreachable, cancelled by recovery)',
    ['pool', 'target'] as const,
  );
  const replicaSources: Array<() => ReplicaState[]> = [];
  const replicaGauge = (name: string, help: string, pick: (state: ReplicaState) => number | null) =>
    new Gauge({
      name,
      help,
      labelNames: ['replica'] as const,
      registers: [registry],
      collect() {
        this.reset();
        for (const state of replicaSources.flatMap((source) => source())) {
          const value = pick(state);
          if (value !== null) this.set({ replica: state.label }, value);
        }
      },
    });
  replicaGauge(
    'patentscout_db_replica_up',
    'A read replica answered its last health check as a hot standby (1) or not (0)',
    (state) => (state.up ? 1 : 0),
  );
  replicaGauge(
    'patentscout_db_replica_serving',
    'Reads go to this replica (1): up and within SEARCH_REPLICA_MAX_LAG_SECONDS',
    (state) => (state.serving ? 1 : 0),
  );
  replicaGauge(
    'patentscout_db_replica_lag_seconds',
    "How far a replica's data is behind the primary's, in seconds (0 when caught up; absent while down)",
    (state) => state.lagSeconds,
  );
  replicaGauge(
    'patentscout_db_replica_lag_bytes',
    'WAL the primary has written that a replica has not replayed yet, in bytes',
    (state) => state.lagBytes,
  );

  return {
    registry,
    observeRequest({ method, route, status, seconds }) {
      requests.observe({ method, route, status_code: String(status) }, seconds);
    },
    observeSearch({ engine, estimated, seconds }) {
      searches.observe(
        { kind: engine === 'natural' ? 'ai' : 'advanced', tier: estimated ? 'budget' : 'all-tiers' },
        seconds,
      );
    },
    observeJob({ queue, outcome, seconds }) {
      jobs.observe({ queue, outcome }, seconds);
      jobOutcomes.inc({ queue, outcome });
    },
    watchQueues(boss, queues) {
      watchedQueues.push({ boss, queues });
    },
    watchPool(name, usage) {
      pools.push({ name, usage });
    },
    watchBilling(read) {
      billing.splice(0, billing.length, read);
    },
    observeRead({ pool, target, retried }) {
      reads.inc({ pool, target });
      if (retried) readRetries.inc({ pool, target });
    },
    watchReplicas(states) {
      replicaSources.push(states);
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
