import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { E2E } from './e2e-env.js';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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
  reporter: [['list']],
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
  webServer: {
    command: `rm -rf ${E2E.dataDir} && npm start`,
    cwd: rootDir,
    url: `${E2E.baseUrl}/healthz`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // Long enough for the orderly stop (the detached Auth emulator exports its accounts last):
    // a SIGKILL before it ends would leave the emulator holding its port for the next run.
    gracefulShutdown: { signal: 'SIGINT', timeout: 60_000 },
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
});
