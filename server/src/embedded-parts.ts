import path from 'node:path';
import type { AppConfig } from './config.js';
import { startEmbeddedPostgres } from './supervisor/embedded.js';
import { standbyPlacement } from './supervisor/embedded-cluster.js';
import { startEmbeddedStandby } from './supervisor/embedded-standby.js';
import { DATABASE_PART, IDENTITY_PART, replicaPart } from './health-probe.js';
import { startAuthEmulator } from './integrations/firebase-emulator.js';
import type { Logger } from './shared/logger.js';
import type { Supervisor } from './supervisor/supervisor.js';

/**
 * Starts the embedded database and the Auth emulator (where the config asks for them) under the
 * supervisor, both at once: the emulator's slow boot overlaps the database's. Each part logs to
 * DATA_DIR/logs/<part>.log and may take up to STARTUP_TIMEOUT_SECONDS to answer. The database's
 * streaming standbys (`EMBEDDED_REPLICAS`) follow once the primary answers, each a part of its
 * own: restarted when it ends, its postmaster in the run file; they log to `standby.log` in their
 * data folders (Postgres writes it as its own user).
 */
export async function startEmbeddedParts(deps: {
  config: AppConfig;
  supervisor: Supervisor;
  logger: Logger;
  report: (line: string) => void;
}): Promise<{ databaseUrl: string; replicaUrls: string[] }> {
  const { config, supervisor, logger, report } = deps;
  const logFile = (part: string) => path.join(config.dataDir, 'logs', `${part}.log`);
  const common = { logger, timeoutMs: config.startupTimeoutMs, report };
  const { database, auth } = config;
  const placements =
    database.mode === 'embedded'
      ? Array.from({ length: database.replicas }, (_, index) => standbyPlacement(database, index + 1))
      : [];
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
              standbys: placements.map((placement) => placement.name),
            }),
        })
      : undefined;
  // One after the other: each takes its base backup (a copy of the primary's folder) on its first start.
  const standbys =
    database.mode === 'embedded' && postgres
      ? postgres.then(async () => {
          const urls: string[] = [];
          for (const [index, placement] of placements.entries()) {
            const standby = await supervisor.run({
              name: replicaPart(index + 1),
              start: () =>
                startEmbeddedStandby({
                  ...placement,
                  primary: database,
                  database: 'patentscout',
                  logger,
                  timeoutMs: config.startupTimeoutMs,
                }),
            });
            urls.push(standby.current().url);
          }
          return urls;
        })
      : Promise.resolve([]);
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
  // All settle before a failure is thrown, so that whatever did start is the supervisor's to stop.
  const [started, replicas, other] = await Promise.allSettled([postgres, standbys, emulator]);
  for (const outcome of [started, replicas, other]) if (outcome.status === 'rejected') throw outcome.reason;
  const replicaUrls = replicas.status === 'fulfilled' ? replicas.value : [];
  if (database.mode === 'external') return { databaseUrl: database.url, replicaUrls };
  const running = started.status === 'fulfilled' ? started.value : undefined;
  return { databaseUrl: running!.current().url, replicaUrls };
}
