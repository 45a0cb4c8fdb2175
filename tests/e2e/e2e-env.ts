import { TEST_PORT_OFFSET } from '@patentscout/server/testing/constants';

const port = 3100 + TEST_PORT_OFFSET;

/** Ports and folders of the end-to-end run, apart from a developer's own `npm start`. */
export const E2E = {
  port,
  baseUrl: `http://localhost:${port}`,
  dataDir: '.data/e2e',
  pgPort: 54359 + TEST_PORT_OFFSET,
  emulatorPort: 9499 + TEST_PORT_OFFSET,
  smtpPort: 2559 + TEST_PORT_OFFSET,
  stripePort: 12141 + TEST_PORT_OFFSET,
  /** The local stand-in for the waiting list's form service. */
  formServicePort: 12151 + TEST_PORT_OFFSET,
  projectId: 'demo-patentscout-e2e',
} as const;

/** The embedded database of the end-to-end app (user and password as server/src/db/embedded.ts sets them). */
export const E2E_DATABASE_URL = `postgres://postgres:patentscout@127.0.0.1:${E2E.pgPort}/patentscout`;
