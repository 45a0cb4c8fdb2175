import { TEST_PORT_OFFSET } from '@patentscout/server/testing/constants';

const port = 3100 + TEST_PORT_OFFSET;
const stagingPort = 3110 + TEST_PORT_OFFSET;

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
  formServicePort: 12145 + TEST_PORT_OFFSET,
  projectId: 'demo-patentscout-e2e',
  /**
   * The staging shape beside it: a real project's settings (API key, auth domain) with accounts on
   * an emulator run apart (this run's emulator), which browsers reach at its public address.
   */
  staging: {
    port: stagingPort,
    baseUrl: `http://localhost:${stagingPort}`,
    dataDir: '.data/e2e-staging',
    pgPort: 54369 + TEST_PORT_OFFSET,
    smtpPort: 2569 + TEST_PORT_OFFSET,
    stripePort: 12151 + TEST_PORT_OFFSET,
    formServicePort: 12155 + TEST_PORT_OFFSET,
  },
} as const;

/** The embedded database of the end-to-end app (user and password as server/src/supervisor/embedded.ts sets them). */
export const E2E_DATABASE_URL = `postgres://postgres:patentscout@127.0.0.1:${E2E.pgPort}/patentscout`;
