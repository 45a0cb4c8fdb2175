import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from '../config.js';
import { buildHttpApp } from '../http/app.js';
import { createFirebaseIdentityProvider } from '../integrations/firebase.js';
import { createFeatures, featureModules, type Features } from '../features/index.js';
import type { Clock } from '../shared/clock.js';
import { systemClock } from '../shared/clock.js';
import { createLogger } from '../shared/logger.js';
import { TEST_PROJECT_ID } from './constants.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface TestApp {
  baseUrl: string;
  database: TestDatabase;
  config: AppConfig;
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The real HTTP app (Fastify, Apollo, REST shims, services, repositories) on a random port, over
 * this file's own database and the run's Firebase Auth emulator.
 */
export async function startTestApp(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const [emulatorHost, emulatorPort] = inject('authEmulatorHost').split(':');
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_PORT: emulatorPort,
    DATABASE_URL: database.url,
    ...options.env,
  });
  if (config.auth.mode === 'emulator') config.auth.emulatorHost = emulatorHost!;
  const logger = createLogger('silent');
  const identity = createFirebaseIdentityProvider(config.auth);
  const features: Features = createFeatures({
    db: database.db,
    databaseUrl: database.url,
    identity,
    clock: options.clock ?? systemClock,
    config,
    logger,
  });
  const ok = async () => ({ ok: true, detail: 'test' });
  const app = await buildHttpApp({
    config,
    features,
    identity,
    logger,
    clientDistDir: '/nonexistent',
    health: { database: ok, auth: ok, jobs: ok },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    config,
    app,
    async close() {
      await app.close();
      for (const feature of featureModules(features)) await feature.close?.();
      await identity.close();
      await database.drop();
    },
  };
}
