import type { Resolvers } from '../__generated__/resolvers-types.js';
import { type Db, type ReadRouting } from '@patentscout/db';
import type { JobDefinition } from '../jobs/job-definition.js';
import type { Clock } from '../shared/clock.js';
import type { GraphQLContext } from '../shared/graphql-context.js';
import type { IdentityProvider } from '../shared/identity.js';
import type { Logger } from '../shared/logger.js';
import type { BillingWatcher, PoolWatcher, SearchObserver } from '../shared/observer.js';
import type { JobSender, Mailer } from '../shared/mail.js';
import type { PageViewForwarder } from '../shared/page-views.js';
import type { PaymentProvider } from '../shared/payments.js';
import type { RestRoute } from '../shared/rest.js';

/** What the composition root hands every feature. */
export interface FeatureDeps {
  /** The primary, for every write that must survive a failover and for reads of one's own writes. */
  db: Db;
  /** The primary, for writes a failover may lose: commits without waiting for a standby (ADR 0121). */
  localCommitDb: Db;
  /**
   * Reads that a hot-standby replica may serve (patent pages, highlights, analytics, searches):
   * `reads.db`, or a routed pool of one's own (the search engine's) (ADR 0120).
   */
  reads: ReadRouting;
  identity: IdentityProvider;
  clock: Clock;
  logger: Logger;
  /** The SMTP client; only the mail feature sends, other features queue through its service. */
  mailer: Mailer;
  /** Stripe (or its local stand-in) behind the billing feature's interface. */
  payments: PaymentProvider;
  /** Where page views also go, when the deployment names a collector (`PAGE_VIEWS_FORWARD_URL`). */
  pageViewForwarder?: PageViewForwarder;
  /** Queues background jobs (pg-boss in the server). */
  jobs: JobSender;
  /** Told every search's duration (the server's metrics); nothing without it. */
  observeSearch?: SearchObserver;
  /** Hands the server's metrics a pool a feature keeps of its own (the search engine's). */
  watchPool?: PoolWatcher;
  /** Hands the server's metrics billing's figures (the reconciliation's), read at each scrape. */
  watchBilling?: BillingWatcher;
}

/**
 * A feature's own part in an account's end (the accounts feature runs every feature's, ADR 0108):
 * what it stops when the account closes, and what it removes when the closed account is purged.
 */
export interface AccountLifecycle {
  /** Before the account closes; a failure refuses the closing, which the user can retry. */
  close?(uid: string): Promise<void>;
  /**
   * Removes what the feature keeps of these closed accounts, before their `users` rows go
   * (idempotent: a failure stops the purge, and the next run does it all again).
   */
  purge?(uids: readonly string[]): Promise<void>;
}

/**
 * A feature as the composition root sees it: its service (which resolvers reach through the
 * context's `services`), its REST shims, its GraphQL resolvers (over the context they read), its
 * background jobs, its part in an account's end, and what to close when the server stops.
 */
export interface FeatureModule<Service, Context extends GraphQLContext = GraphQLContext> {
  service: Service;
  routes?: RestRoute[];
  resolvers?: Resolvers<Context>;
  jobs?: JobDefinition[];
  accountLifecycle?: AccountLifecycle;
  close?(): Promise<void>;
}

/** What every feature's service takes from the root: its repo, the clock and the logger. */
export interface FeatureCore<Repo> {
  repo: Repo;
  clock: Clock;
  logger: Logger;
}

/**
 * How a feature's index.ts assembles its module (ADR 0186): the service over its repo, the clock
 * and the logger, then the routes, jobs and account lifecycle made from that service.
 */
export interface FeatureWiring<Repo, Service, Context extends GraphQLContext> {
  repo: Repo;
  service(core: FeatureCore<Repo>): Service;
  routes?(service: Service): RestRoute[];
  resolvers?: Resolvers<Context>;
  jobs?(service: Service): JobDefinition[];
  accountLifecycle?(service: Service): AccountLifecycle;
}

/** One feature module from its wiring; a part the wiring leaves out stays out of the module. */
export function wireFeature<Repo, Service, Context extends GraphQLContext>(
  deps: Pick<FeatureDeps, 'clock' | 'logger'>,
  wiring: FeatureWiring<Repo, Service, Context>,
): FeatureModule<Service, Context> {
  const service = wiring.service({ repo: wiring.repo, clock: deps.clock, logger: deps.logger });
  const module: FeatureModule<Service, Context> = { service };
  if (wiring.routes) module.routes = wiring.routes(service);
  if (wiring.resolvers) module.resolvers = wiring.resolvers;
  if (wiring.jobs) module.jobs = wiring.jobs(service);
  if (wiring.accountLifecycle) module.accountLifecycle = wiring.accountLifecycle(service);
  return module;
}
