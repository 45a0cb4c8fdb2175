declare module 'vitest' {
  /** What the run's global setup hands every test file (see global-setup.ts). */
  export interface ProvidedContext {
    postgresAdminUrl: string;
    authEmulatorHost: string;
  }
}

export const TEMPLATE_DATABASE = 'patentscout_template';
export const TEST_PROJECT_ID = 'demo-patentscout-test';

/**
 * Shifts every fixed port of a test run (Vitest's Postgres and emulator, the production-bundle
 * test, the end-to-end app) so that two checkouts can run `npm test` side by side. Use multiples
 * of 10: the emulator also takes the two ports after its own.
 */
export const TEST_PORT_OFFSET = Number(process.env.TEST_PORT_OFFSET ?? 0);
