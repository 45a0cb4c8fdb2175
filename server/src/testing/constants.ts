declare module 'vitest' {
  /** What the run's global setup hands every test file (see global-setup.ts). */
  export interface ProvidedContext {
    postgresAdminUrl: string;
    authEmulatorHost: string;
  }
}

export const TEMPLATE_DATABASE = 'patentscout_template';
export const TEST_PROJECT_ID = 'demo-patentscout-test';
