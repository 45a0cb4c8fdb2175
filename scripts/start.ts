import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { indexerJobs } from '@patentscout/indexer/jobs';
import { ConfigError, loadConfig, type AppConfig } from '@patentscout/server/config';
import { startServer } from '@patentscout/server/main';
import { createLogger } from '@patentscout/server/shared/logger';
import { PortInUseError } from '@patentscout/server/shared/ports';
import { PRODUCT_NAME } from '@patentscout/schema';
import { ensureClientBuild } from './client-build.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (message: string) => process.stdout.write(`${message}\n`);

function summary(config: AppConfig, databaseUrl: string, corpus: string): string {
  const relative = (target: string) => path.relative(process.cwd(), target) || '.';
  const database =
    config.database.mode === 'embedded'
      ? `embedded PostgreSQL on port ${config.database.port}, data in ${relative(config.database.dataDir)}`
      : `PostgreSQL at ${new URL(databaseUrl).host}`;
  const auth =
    config.auth.mode === 'emulator'
      ? `Firebase Auth emulator (project ${config.auth.projectId}) at http://${config.auth.emulatorHost}:${config.auth.emulatorPort}`
      : `Firebase project ${config.auth.projectId}`;
  return [
    '',
    `${PRODUCT_NAME} is running at ${config.http.publicUrl}`,
    `  database  ${database}`,
    `  auth      ${auth}`,
    `  mail      ${config.modes.mail}`,
    `  payments  ${config.modes.payments}`,
    `  AI        ${config.modes.ai}`,
    `  patents   ${corpus}`,
    `  data      ${relative(config.dataDir)}`,
    config.mail.mode === 'local' || config.auth.mode === 'emulator'
      ? `  e-mails   ${config.http.publicUrl}/dev/emails (the app's mail, and the emulator's sign-in links)`
      : '',
    'Press Ctrl-C to stop.',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  await ensureClientBuild(rootDir, say);

  let corpus = 'already loaded';
  const server = await startServer({
    config,
    logger,
    jobs: indexerJobs(config, logger),
    beforeListen: async (db) => {
      if (config.demoCorpusSize === 0) return;
      const result = await ensureDemoCorpus({
        db,
        count: config.demoCorpusSize,
        onProgress: ({ done, total }) => {
          if (done === total || done % 5000 === 0) {
            say(
              `Loading the demo corpus: ${done.toLocaleString('en')} of ${(total ?? done).toLocaleString('en')} patents`,
            );
          }
        },
      });
      if (result.inserted > 0) {
        corpus = `${result.inserted.toLocaleString('en')} demo patents loaded in ${(result.elapsedMs / 1000).toFixed(1)} s`;
      }
    },
  });

  say(summary(config, server.databaseUrl, corpus));
  say(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

  // The server's exit hook stops every part in order and then exits; this only says so.
  const announce = (signal: string) =>
    say(`\n${signal} received: stopping the web server, job queue, auth emulator and database...`);
  process.once('SIGINT', () => announce('SIGINT'));
  process.once('SIGTERM', () => announce('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof PortInUseError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `${PRODUCT_NAME} could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
