/** Ports and folders of the end-to-end run, apart from a developer's own `npm start`. */
export const E2E = {
  port: 3100,
  baseUrl: 'http://localhost:3100',
  dataDir: '.data/e2e',
  pgPort: 54359,
  emulatorPort: 9499,
  smtpPort: 2559,
  stripePort: 12141,
  projectId: 'demo-patentscout-e2e',
} as const;

/** The embedded database of the end-to-end app (user and password as server/src/db/embedded.ts sets them). */
export const E2E_DATABASE_URL = `postgres://postgres:patentscout@127.0.0.1:${E2E.pgPort}/patentscout`;
