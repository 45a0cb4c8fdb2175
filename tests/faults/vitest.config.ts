import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults`: `npm start` itself, killed and starved (crashes at random moments, a
 * part killed under it, two copies, a second start on one data folder, busy cores). Files run
 * one after another: each starts whole copies of the app. The run's Postgres and Auth emulator
 * (as `npm test` starts them) run beside, so every copy also proves it starts beside `npm test`.
 */
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/faults/**/*.test.ts'],
    globalSetup: ['server/src/testing/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
