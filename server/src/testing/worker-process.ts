/**
 * The server in a process of its own, for tests that kill it (`kill -9`) mid-job or mid-request:
 * the feature services, every feature's pg-boss jobs and the HTTP API (on a free port) over
 * DATABASE_URL, sending mail over SMTP_URL. Prints "worker ready on <url>" once its jobs are
 * registered and the API listens. Runs until killed.
 */
import { loadConfig } from '../config.js';
import { createDb } from '@patentscout/db';
import { startFeatureRuntime } from '../feature-runtime.js';
import { buildHttpApp } from '../http/app.js';
import { startJobQueue } from '../jobs/boss.js';
import { registerJobs } from '../jobs/register-jobs.js';
import { createLogger } from '../shared/logger.js';

const config = loadConfig(process.env);
if (config.database.mode !== 'external' || config.mail.mode !== 'smtp')
  throw new Error('the test worker needs DATABASE_URL and SMTP_URL');
const databaseUrl = config.database.url;
const logger = createLogger(config.logLevel);
const db = createDb(databaseUrl, { maxConnections: 4, onIdleError: () => undefined });
const queue = await startJobQueue({
  connectionString: databaseUrl,
  onError: () => undefined,
  leaseSeconds: config.jobs.leaseSeconds,
});
if (config.billing.mode === 'local') config.billing.localPort = 0;
const ready = async () => ({ ok: true, detail: 'test worker' });
const { features, identity, jobs } = await startFeatureRuntime({
  config,
  db,
  databaseUrl,
  logger,
  boss: queue.boss,
});
await registerJobs(queue.boss, jobs, { db, logger, leaseSeconds: config.jobs.leaseSeconds });
const http = await buildHttpApp({
  config,
  features,
  identity,
  logger,
  db,
  clientDistDir: '/nonexistent',
  health: { database: ready, auth: ready, jobs: ready },
});
await http.listen({ port: 0, host: '127.0.0.1' });
const address = http.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`worker ready on http://127.0.0.1:${port}\n`);
