import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../config.js';
import { buildHttpApp } from '../http/app.js';
import { meaningHealth } from '../health-probe.js';
import { startJobQueue } from '../jobs/boss.js';
import { registerJobs } from '../jobs/register-jobs.js';
import { startFeatureRuntime } from '../feature-runtime.js';
import { featureModules, servicesOf, type Services } from '../features/index.js';
import type { Clock } from '../shared/clock.js';
import { createLogger } from '../shared/logger.js';
import { createMetrics } from '../metrics/metrics.js';
import { TEST_PROJECT_ID } from './constants.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface TestApp {
  baseUrl: string;
  database: TestDatabase;
  config: AppConfig;
  app: FastifyInstance;
  services: Services;
  /** Every feature's REST route as `METHOD /url` (an authorization test checks it covers them all). */
  restRoutes: string[];
  /** The SMTP server the app sends to (the local one, feeding the outbox). */
  smtpUrl: string;
  /** The local Stripe stand-in (its API for the `stripe` SDK, its hosted pages, its test helpers). */
  localStripeUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The real HTTP app (Fastify, Apollo, REST shims, services, repositories, pg-boss jobs and the
 * local SMTP server feeding the outbox) on random ports, over this file's own database and the
 * run's Firebase Auth emulator.
 */
export async function startTestApp(
  options: {
    clock?: Clock;
    env?: Record<string, string>;
    /** false: queue jobs but run none here (a worker process of the test's own runs them). */
    runJobs?: boolean;
    /** Builds the HTTP app as production does (without production's other variables). */
    production?: boolean;
  } = {},
): Promise<TestApp> {
  const [emulatorHost, emulatorPort] = inject('authEmulatorHost').split(':');
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_PORT: emulatorPort,
    DATABASE_URL: database.url,
    // Tests fire bursts on purpose; the rate limits' own test sets them low.
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
    RATE_LIMIT_SIGNUPS_PER_HOUR: '100000',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
    ...options.env,
  });
  if (config.auth.mode === 'emulator') config.auth.emulatorHost = emulatorHost!;
  if (options.production) config.env = 'production';
  if (config.mail.mode === 'local') config.mail.port = 0;
  if (config.billing.mode === 'local') config.billing.localPort = 0;
  const logger = createLogger('silent');
  const metrics = createMetrics({ role: 'test' });
  const queue = await startJobQueue({ connectionString: database.url, onError: () => undefined });
  const runtime = await startFeatureRuntime({
    config,
    db: database.db,
    databaseUrl: database.url,
    clock: options.clock,
    logger,
    boss: queue.boss,
    observeSearch: metrics.observeSearch,
    watchBilling: metrics.watchBilling,
    observeRead: metrics.observeRead,
  });
  metrics.watchReplicas(() => runtime.reads.replicas());
  const { features, identity } = runtime;
  const stopJobs =
    options.runJobs === false
      ? async () => undefined
      : await registerJobs(queue.boss, runtime.jobs, {
          db: database.db,
          logger,
          observe: metrics.observeJob,
        });
  const ok = async () => ({ ok: true, detail: 'test' });
  const app = await buildHttpApp({
    config,
    features,
    identity,
    logger,
    clientDistDir: '/nonexistent',
    db: database.db,
    health: {
      database: ok,
      auth: ok,
      jobs: ok,
      meaning: meaningHealth(features.search.service.meaningStatus),
    },
    metrics,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  runtime.deliverWebhooksTo(`http://127.0.0.1:${port}/payments/webhook`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    config,
    app,
    services: servicesOf(features),
    restRoutes: featureModules(features).flatMap((feature) =>
      (feature.routes ?? []).map((route) => `${route.method} ${route.url}`),
    ),
    smtpUrl: runtime.smtpUrl,
    localStripeUrl: runtime.localStripeUrl,
    async close() {
      await app.close();
      await stopJobs();
      await queue.stop();
      await runtime.stop();
      await database.drop();
    },
  };
}
