import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'schema/src/**/*.test.ts',
      'server/src/**/*.test.ts',
      'indexer/src/**/*.test.ts',
      'tests/api/**/*.test.ts',
    ],
    globalSetup: ['server/src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: two workers keep the machine responsive while files still run in parallel.
    maxWorkers: 2,
  },
});
