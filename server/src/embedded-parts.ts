import path from 'node:path';
import type { AppConfig } from './config.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { DATABASE_PART, IDENTITY_PART } from './health-probe.js';
import { startAuthEmulator } from './integrations/firebase-emulator.js';
import type { Logger } from './shared/logger.js';
import type { Supervisor } from './supervisor/supervisor.js';

/**
 * Starts the embedded database and the Auth emulator (where the config asks for them) under the
 * supervisor, both at once: the emulator's slow boot overlaps the database's. Each part logs to
 * DATA_DIR/logs/<part>.log and may take up to STARTUP_TIMEOUT_SECONDS to answer.
 */
export async function startEmbeddedParts(deps: {
  config: AppConfig;
  supervisor: Supervisor;
  logger: Logger;
  report: (line: string) => void;
}): Promise<{ databaseUrl: string }> {
  const { config, supervisor, logger, report } = deps;
  const logFile = (part: string) => path.join(config.dataDir, 'logs', `${part}.log`);
  const common = { logger, timeoutMs: config.startupTimeoutMs, report };
  const { database, auth } = config;
  const postgres =
    database.mode === 'embedded'
      ? supervisor.run({
          name: DATABASE_PART,
          start: () =>
            startEmbeddedPostgres({
              ...common,
              dataDir: database.dataDir,
              port: database.port,
              database: 'patentscout',
              logFile: logFile('postgres'),
            }),
        })
      : undefined;
  const emulator =
    auth.mode === 'emulator'
      ? supervisor.run({
          name: IDENTITY_PART,
          start: () =>
            startAuthEmulator({
              ...common,
              projectId: auth.projectId,
              host: auth.emulatorHost,
              port: auth.emulatorPort,
              dataDir: config.dataDir,
              logFile: logFile('auth-emulator'),
            }),
        })
      : undefined;
  // Both settle before a failure is thrown, so that whatever did start is the supervisor's to stop.
  const [started, other] = await Promise.allSettled([postgres, emulator]);
  for (const outcome of [started, other]) if (outcome.status === 'rejected') throw outcome.reason;
  if (database.mode === 'external') return { databaseUrl: database.url };
  const running = started.status === 'fulfilled' ? started.value : undefined;
  return { databaseUrl: running!.current().url };
}
