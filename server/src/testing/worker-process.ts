/**
 * A background worker in a process of its own, for tests that kill it (`kill -9`) mid-job: the
 * feature services and every feature's pg-boss jobs over DATABASE_URL, sending mail over
 * SMTP_URL. Prints "worker ready" once its workers are registered. Runs until killed.
 */
import { loadConfig } from '../config.js';
import { createDb } from '../db/client.js';
import { startFeatureRuntime } from '../feature-runtime.js';
import { featureModules, servicesOf } from '../features/index.js';
import { createFirebaseIdentityProvider } from '../integrations/firebase.js';
import { startJobQueue } from '../jobs/boss.js';
import { registerJobs } from '../jobs/register-jobs.js';
import { systemClock } from '../shared/clock.js';
import { createLogger } from '../shared/logger.js';

const config = loadConfig(process.env);
if (config.database.mode !== 'external' || config.mail.mode !== 'smtp')
  throw new Error('the test worker needs DATABASE_URL and SMTP_URL');
const databaseUrl = config.database.url;
const logger = createLogger(config.logLevel);
const db = createDb(databaseUrl, 4, () => undefined);
const queue = await startJobQueue({ connectionString: databaseUrl, onError: () => undefined });
if (config.billing.mode === 'local') config.billing.localPort = 0;
const { features } = await startFeatureRuntime({
  config,
  db,
  databaseUrl,
  identity: createFirebaseIdentityProvider(config.auth),
  clock: systemClock,
  logger,
  boss: queue.boss,
});
await registerJobs(
  queue.boss,
  featureModules(features).flatMap((feature) => feature.jobs ?? []),
  { db, logger, services: servicesOf(features) },
);
process.stdout.write('worker ready\n');
