import type PgBoss from 'pg-boss';
import type { AppConfig } from './config.js';
import {
  createLocalCommitDb,
  poolUsageOf,
  type Db,
  createReadRouting,
  type ReadRouting,
} from '@patentscout/db';
import { createFeatures, featureModules, type FeatureSettings, type Features } from './features/index.js';
import { createFirebaseIdentityProvider } from './integrations/firebase.js';
import { startMailTransport } from './integrations/mail-transport.js';
import { startStripe } from './integrations/stripe.js';
import type { JobDefinition } from './jobs/job-definition.js';
import { systemClock, type Clock } from './shared/clock.js';
import type { IdentityProvider } from './shared/identity.js';
import type { Logger } from './shared/logger.js';
import type { BillingWatcher, PoolWatcher, ReadObserver, SearchObserver } from './shared/observer.js';
import { httpPageViewForwarder } from './integrations/page-view-forwarder.js';

export interface FeatureRuntime {
  features: Features;
  /** Every feature's background jobs, for the job queue's workers. */
  jobs: JobDefinition[];
  /** Firebase Auth (or its emulator), as `config.auth` names it: the HTTP layer's token check. */
  identity: IdentityProvider;
  /** Where reads go: the replicas that serve, else the primary (their states for metrics and /readyz). */
  reads: ReadRouting;
  /** The primary's pool for writes a failover may lose (the shared rate-limit counts among them). */
  localCommitDb: Db;
  /** The SMTP server the app sends to (in the local mode, the embedded one feeding the outbox). */
  smtpUrl: string;
  /** The local Stripe stand-in's address, in the local billing mode. */
  localStripeUrl?: string;
  /** Where the local Stripe stand-in sends its webhook events (the app's `/payments/webhook`). */
  deliverWebhooksTo(url: string): void;
  /** Closes the features, then the mail transport, the payment provider and the identity provider. */
  stop(): Promise<void>;
}

/**
 * What every process that hosts the features starts (the server, the test app, a test worker):
 * the identity provider, the mail transport, the payment provider (Stripe or its local stand-in)
 * and the features over them, queuing their jobs with pg-boss.
 */
export async function startFeatureRuntime(options: {
  config: AppConfig;
  db: Db;
  databaseUrl: string;
  /** The system's clock by default (tests move their own). */
  clock?: Clock;
  logger: Logger;
  boss: PgBoss;
  /** The local Stripe stand-in keeps its objects here across restarts (in memory without it). */
  stripeStateFile?: string;
  /** Told every search's duration (the server's metrics). */
  observeSearch?: SearchObserver;
  /** Hands the server's metrics the pools the features keep of their own. */
  watchPool?: PoolWatcher;
  /** Hands the server's metrics billing's reconciliation figures. */
  watchBilling?: BillingWatcher;
  /** Replicas started with the process (the embedded ones), besides `SEARCH_DATABASE_URLS`. */
  embeddedReplicaUrls?: readonly string[];
  /** Told every routed read's server (the server's metrics). */
  observeRead?: ReadObserver;
}): Promise<FeatureRuntime> {
  const { config, logger } = options;
  const reads = await createReadRouting({
    primaryUrl: options.databaseUrl,
    replicaUrls: [...config.readReplicas.urls, ...(options.embeddedReplicaUrls ?? [])],
    maxLagSeconds: config.readReplicas.maxLagSeconds,
    logger,
    observe: options.observeRead,
  });
  const localCommitDb = createLocalCommitDb(options.databaseUrl, 10, (error) =>
    logger.debug({ err: error }, 'idle database connection lost'),
  );
  const identity = createFirebaseIdentityProvider(config.auth);
  const closeConnections = async () => {
    await reads.close();
    await localCommitDb.destroy();
    await identity.close();
  };
  options.watchPool?.('reads', () => poolUsageOf(reads.db));
  options.watchPool?.('local-commit', () => poolUsageOf(localCommitDb));
  const mail = await startMailTransport({ mail: config.mail, logger }).catch(async (error: unknown) => {
    await closeConnections();
    throw error;
  });
  const stripe = await startStripe({
    billing: config.billing,
    logger,
    stateFile: options.stripeStateFile,
  }).catch(async (error: unknown) => {
    await mail.stop();
    await closeConnections();
    throw error;
  });
  const features = createFeatures(
    {
      db: options.db,
      localCommitDb,
      reads,
      identity,
      clock: options.clock ?? systemClock,
      logger,
      mailer: mail.mailer,
      payments: stripe.payments,
      pageViewForwarder: config.pageViewsForwardUrl
        ? httpPageViewForwarder(config.pageViewsForwardUrl)
        : undefined,
      jobs: {
        send: async (name, payload) => {
          await options.boss.send(name, payload ?? {});
        },
      },
      observeSearch: options.observeSearch,
      watchPool: options.watchPool,
      watchBilling: options.watchBilling,
    },
    featureSettings(config),
  );
  mail.receiveWith(features.mail.service.receive);
  return {
    features,
    jobs: featureModules(features).flatMap((feature) => feature.jobs ?? []),
    identity,
    reads,
    localCommitDb,
    smtpUrl: mail.url,
    localStripeUrl: stripe.localUrl,
    deliverWebhooksTo: stripe.deliverWebhooksTo,
    async stop() {
      for (const feature of featureModules(features)) await feature.close?.();
      await mail.stop();
      await stripe.stop();
      await closeConnections();
    },
  };
}

/** Each feature's settings, taken from the configuration: no feature receives the whole of it. */
export function featureSettings(config: AppConfig): FeatureSettings {
  const localMail = config.mail.mode === 'local';
  return {
    mail: { from: config.mail.from, publicUrl: config.http.publicUrl, localMail },
    plans: config.plans,
    billing: { priceDiscover: config.billing.priceDiscover },
    search: {
      search: config.search,
      embeddedDatabase: config.database.mode === 'embedded',
      embeddings: config.embeddings,
    },
    collections: { appSecret: config.appSecret, localMail },
    updates: { appSecret: config.appSecret, localMail },
  };
}
