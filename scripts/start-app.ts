import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { indexerJobs } from '@patentscout/indexer/jobs';
import { loadConfig, type AppConfig } from '@patentscout/server/config';
import { startServer } from '@patentscout/server/main';
import { readMeaningCoverage, type Db, type MeaningCoverage } from '@patentscout/db';
import { createLogger } from '@patentscout/platform';
import { PRODUCT_NAME } from '@patentscout/schema';
import { embeddedDatabaseUrl } from '@patentscout/server/supervisor/embedded';
import { sql } from 'kysely';
import { ensureClientBuild } from './client-build.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message: string) => process.stdout.write(`${message}\n`);

/** Where the dev mailbox works: it lists the emulator's sign-in links, so only beside the emulator. */
const hasDevMailbox = (config: AppConfig) => config.auth.mode === 'emulator';

/** Every port the local copy listens on, when PORT_OFFSET moved them (a second copy beside the first). */
function movedPorts(config: AppConfig): string {
  if (config.portOffset === 0) return '';
  const ports = [
    config.role !== 'worker' ? `web ${config.http.port}` : '',
    config.database.mode === 'embedded' ? `PostgreSQL ${config.database.port}` : '',
    config.auth.mode === 'emulator'
      ? `Auth emulator ${config.auth.emulatorPort} (hub and logging ${config.auth.emulatorPort + 1}, ${config.auth.emulatorPort + 2})`
      : '',
    config.mail.mode === 'local' ? `SMTP ${config.mail.port}` : '',
    config.billing.mode === 'local' ? `Stripe stand-in ${config.billing.localPort}` : '',
    config.mailingList.mode === 'local' ? `form service ${config.mailingList.port}` : '',
  ];
  return `  ports     PORT_OFFSET=${config.portOffset}: ${ports.filter((port) => port !== '').join(', ')}`;
}

/** What the meaning line adds: whether AI search and Similar patents have the corpus's meaning yet. */
function coverage(meaning: MeaningCoverage | undefined): string {
  if (!meaning || meaning.patents === 0) return '';
  const count = (n: number) => n.toLocaleString('en');
  if (meaning.state === 'ready') return '; every patent has its meaning';
  const lacking = `${count(meaning.patents - meaning.embedded)} of ${count(meaning.patents)} patents lack their meaning`;
  return meaning.state === 'building'
    ? `; building: ${lacking} yet`
    : `; ${lacking}: derived within minutes (AI search finds by words alone until then)`;
}

function summary(
  config: AppConfig,
  databaseUrl: string,
  corpus: string | undefined,
  meaning?: MeaningCoverage,
): string {
  const relative = (target: string) => path.relative(process.cwd(), target) || '.';
  const database =
    config.database.mode === 'embedded'
      ? `embedded PostgreSQL on port ${config.database.port}, data in ${relative(config.database.dataDir)}`
      : `PostgreSQL at ${new URL(databaseUrl).host}`;
  const primary = config.database;
  const embeddedReplicas =
    primary.mode === 'embedded'
      ? Array.from({ length: primary.replicas }, (_, index) => {
          const port = primary.port + index + 1;
          const dataDir = relative(path.join(config.dataDir, `replica-${index + 1}`));
          return `streaming standby on port ${port} (data in ${dataDir}), ${embeddedDatabaseUrl(port)}`;
        })
      : [];
  const replicas = [...embeddedReplicas, ...config.readReplicas.urls.map((url) => new URL(url).host)];
  const auth =
    config.auth.mode === 'emulator'
      ? `Firebase Auth emulator (project ${config.auth.projectId}) at http://${config.auth.emulatorHost}:${config.auth.emulatorPort}`
      : config.auth.emulatorHost
        ? `Firebase project ${config.auth.projectId} on an Auth emulator run apart at ${config.auth.emulatorHost} (browsers: ${config.auth.emulatorPublicUrl})`
        : `Firebase project ${config.auth.projectId}`;
  const role =
    config.role === 'web'
      ? 'web server only (ROLE=web): no background jobs run here'
      : config.role === 'worker'
        ? 'job worker only (ROLE=worker): no web server'
        : '';
  return [
    '',
    config.role === 'worker'
      ? `${PRODUCT_NAME}'s job worker is running`
      : `${PRODUCT_NAME} is running at ${config.http.publicUrl}`,
    role ? `  role      ${role}` : '',
    `  database  ${database}`,
    ...replicas.map(
      (replica, index) =>
        `${index === 0 ? '  replicas  ' : '            '}${replica}${index === 0 ? ` (reads go to them; lag bound ${config.readReplicas.maxLagSeconds} s)` : ''}`,
    ),
    `  auth      ${auth}`,
    `  mail      ${config.modes.mail}`,
    `  payments  ${config.modes.payments}`,
    `  AI        ${config.modes.ai}`,
    `  meaning   ${config.modes.meaning}${coverage(meaning)}`,
    `  forms     ${config.modes.mailingList}`,
    movedPorts(config),
    corpus ? `  patents   ${corpus}` : '',
    config.metrics.port ? `  metrics   http://${config.http.host}:${config.metrics.port}/metrics` : '',
    `  data      ${relative(config.dataDir)}`,
    `  logs      ${relative(path.join(config.dataDir, 'logs'))} (the embedded parts' own logs)`,
    hasDevMailbox(config) && config.role !== 'worker'
      ? `  e-mails   ${config.http.publicUrl}/dev/emails (the app's mail, and the emulator's sign-in links)`
      : '',
    'Press Ctrl-C to stop.',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

const countPatents = async (db: Db) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM patents`.execute(db)).rows[0]?.n ?? 0);

/**
 * "Loading the demo corpus: N of M patents": one line updated in place on a terminal, and once,
 * when done, in a log (a pipe, Playwright's web-server output).
 */
function corpusProgress() {
  const live = process.stdout.isTTY === true;
  let last: { done: number; total: number } | undefined;
  const line = ({ done, total }: { done: number; total: number }) =>
    `Loading the demo corpus: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} patents`;
  return {
    update: (progress: { done: number; total: number }) => {
      last = progress;
      if (live) process.stdout.write(`\r${line(progress)}`);
    },
    end: () => {
      if (!last) return;
      if (live) process.stdout.write('\n');
      else say(line(last));
    },
  };
}

/** Starts the app and its embedded parts in the foreground; answers once it serves. */
export async function startLocalStack(started: number): Promise<void> {
  // `npm run dev:replica` is `npm start --replicas 2`: the embedded primary and two streaming standbys.
  const { values } = parseArgs({ options: { replicas: { type: 'string' } } });
  const config = loadConfig(
    values.replicas === undefined ? process.env : { ...process.env, EMBEDDED_REPLICAS: values.replicas },
  );
  const logger = createLogger(config.logLevel, config.logFormat);
  // Built beside the database and the emulator starting (another process, the other core); the
  // server waits for it only before it opens its port.
  const clientBuild =
    config.role === 'worker' ? Promise.resolve('fresh' as const) : ensureClientBuild(rootDir, say);
  clientBuild.catch(() => undefined);

  let corpus: string | undefined;
  const server = await startServer({
    config,
    logger,
    report: say,
    jobs: indexerJobs(config, logger),
    beforeListen: async (db) => {
      if (config.demoCorpusSize > 0 && config.role !== 'worker') {
        const progress = corpusProgress();
        const result = await ensureDemoCorpus({
          db,
          count: config.demoCorpusSize,
          onProgress: progress.update,
        });
        progress.end();
        if (result.inserted > 0) {
          corpus = `${result.inserted.toLocaleString('en')} demo patents loaded in ${(result.elapsedMs / 1000).toFixed(1)} s`;
        }
      }
      corpus ??= `${(await countPatents(db)).toLocaleString('en')} in the database`;
      await clientBuild;
    },
  });

  // A count that fails (the database busy restarting) never fails the start: the line says less.
  const meaning = await readMeaningCoverage(server.db).catch(() => undefined);
  say(summary(config, server.databaseUrl, corpus, meaning));
  say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  // The server's exit hook stops every part in order and then exits; this only says so.
  const announce = (signal: string) =>
    say(`\n${signal} received: stopping the web server, job queue, auth emulator and database...`);
  process.once('SIGINT', () => announce('SIGINT'));
  process.once('SIGTERM', () => announce('SIGTERM'));
}
