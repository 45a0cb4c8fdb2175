import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores: two workers keep the machine responsive while files still run in parallel.
    maxWorkers: 2,
    // The fuzz suite measures the heap after a forced collection.
    poolOptions: { forks: { execArgv: ['--expose-gc'] } },
    projects: [
      {
        test: {
          name: 'server',
          include: [
            'platform/src/**/*.test.ts',
            'schema/src/**/*.test.ts',
            'db/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'indexer/src/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/quality/**/*.test.ts',
            'tests/production/**/*.test.ts',
          ],
          globalSetup: ['server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Typing through userEvent in jsdom takes seconds when the two cores are busy.
          testTimeout: 15_000,
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
    ],
  },
});
