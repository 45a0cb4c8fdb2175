import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrateToLatest } from '@patentscout/db';
import { startEmbeddedPostgres } from '../supervisor/embedded.js';
import { startAuthEmulator } from '../integrations/firebase-emulator.js';
import { createLogger } from '../shared/logger.js';
import { TEMPLATE_DATABASE, TEST_PORT_OFFSET, TEST_PROJECT_ID } from './constants.js';

/**
 * One real Postgres and one Firebase Auth emulator for the whole run, on their own ports and a
 * throw-away data folder. Each test file then clones the migrated template database, so files
 * run in parallel without sharing rows.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger('warn');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-test-'));
  await chmod(dataDir, 0o755); // the postgres user must be able to reach its data folder
  const pgPort = Number(process.env.TEST_PG_PORT ?? 54339 + TEST_PORT_OFFSET);
  const emulatorPort = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9399 + TEST_PORT_OFFSET);

  const postgres = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg'),
    port: pgPort,
    database: TEMPLATE_DATABASE,
    logger,
  });
  const template = createDb(postgres.url, { maxConnections: 2 });
  await migrateToLatest(template);
  await template.destroy();

  const emulator = await startAuthEmulator({
    projectId: TEST_PROJECT_ID,
    host: '127.0.0.1',
    port: emulatorPort,
    dataDir,
    logger,
  });

  project.provide('postgresAdminUrl', postgres.url.replace(/\/[^/]+$/, '/postgres'));
  project.provide('authEmulatorHost', `127.0.0.1:${emulatorPort}`);

  return async () => {
    await emulator.stop();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
