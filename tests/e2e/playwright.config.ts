import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e-env.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const SERVER_OPTIONS = {
  cwd: rootDir,
  timeout: 240_000,
  reuseExistingServer: false,
  stdout: 'pipe',
  stderr: 'pipe',
  // Long enough for the orderly stop (the detached Auth emulator exports its accounts last);
  // after a harder stop the next run's start stops the leftover emulator (its run file).
  gracefulShutdown: { signal: 'SIGINT', timeout: 60_000 },
} as const;

/**
 * `npm start` on an emptied data folder, every run a first start; its run file stays, so that
 * the start stops whatever an interrupted earlier run left behind (ADR 0105).
 */
const freshStart = (dataDir: string) =>
  `mkdir -p ${dataDir} && find ${dataDir} -mindepth 1 -maxdepth 1 ! -name run.json -exec rm -rf {} + && npm start`;

/**
 * Drives Debian's Chromium against the app started exactly as `npm start` starts it, on ports
 * and a data folder of its own (wiped first, so that every run begins from a first start).
 */
export default defineConfig({
  testDir: '.',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./failure-summary.ts']],
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: freshStart(E2E.dataDir),
      ...SERVER_OPTIONS,
      url: `${E2E.baseUrl}/healthz`,
      env: {
        PORT: String(E2E.port),
        DATA_DIR: E2E.dataDir,
        EMBEDDED_PG_PORT: String(E2E.pgPort),
        FIREBASE_AUTH_EMULATOR_PORT: String(E2E.emulatorPort),
        MAIL_SMTP_PORT: String(E2E.smtpPort),
        STRIPE_LOCAL_PORT: String(E2E.stripePort),
        MAILING_LIST_LOCAL_PORT: String(E2E.formServicePort),
        FIREBASE_PROJECT_ID: E2E.projectId,
        DEMO_CORPUS_SIZE: '3000',
        LOG_LEVEL: 'warn',
        // Every journey registers from this one address.
        RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
      },
    },
    {
      // The staging shape (deploy/staging.env): FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN as for a
      // real project, accounts on an emulator run apart (the app's above) at a public address
      // other than the server's (localhost for browsers, 127.0.0.1 for the server).
      command: freshStart(E2E.staging.dataDir),
      ...SERVER_OPTIONS,
      url: `${E2E.staging.baseUrl}/healthz`,
      env: {
        PORT: String(E2E.staging.port),
        DATA_DIR: E2E.staging.dataDir,
        EMBEDDED_PG_PORT: String(E2E.staging.pgPort),
        MAIL_SMTP_PORT: String(E2E.staging.smtpPort),
        STRIPE_LOCAL_PORT: String(E2E.staging.stripePort),
        MAILING_LIST_LOCAL_PORT: String(E2E.staging.formServicePort),
        FIREBASE_PROJECT_ID: E2E.projectId,
        FIREBASE_API_KEY: 'staging-api-key',
        FIREBASE_AUTH_DOMAIN: `${E2E.projectId}.firebaseapp.com`,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${E2E.emulatorPort}`,
        FIREBASE_AUTH_EMULATOR_PUBLIC_URL: `http://localhost:${E2E.emulatorPort}`,
        DEMO_CORPUS_SIZE: '300',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
