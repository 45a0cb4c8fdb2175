import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '@patentscout/server/config';
import { startServer, type RunningServer } from '@patentscout/server/main';
import { createLogger } from '@patentscout/platform';
import { TEST_PORT_OFFSET, TEST_PROJECT_ID } from '@patentscout/server/testing/constants';
import type { Db } from '@patentscout/db';
import { writePatentBatch } from '@patentscout/indexer/load/patent-writer';
import { patentRow, storedPatent, type PatentFixture } from '@patentscout/server/testing/patent-fixtures';
import { freePort, metricSample, scrapeMetrics } from '@patentscout/server/testing/server-probes';
import { call } from './http.js';

/** The replica tests' servers and waits: the product started over a data folder, rows read outside it. */

export const PRIMARY_PORT = 54337 + TEST_PORT_OFFSET;
export const STANDBY_PORT = PRIMARY_PORT + 1;
export const STANDBY = `127.0.0.1:${STANDBY_PORT}/patentscout`;
export const MAX_LAG_SECONDS = 5;
export const logger = createLogger('silent');
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The product on ports of its own over `dataDir`, its reads routed as `env` says; kept in `started` to be stopped. */
export async function startApp(
  dataDir: string,
  started: RunningServer[],
  env: Record<string, string>,
): Promise<{ server: RunningServer; baseUrl: string }> {
  const config = loadConfig({
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    MAILING_LIST_LOCAL_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: 'test-key',
    FIREBASE_AUTH_DOMAIN: `${TEST_PROJECT_ID}.firebaseapp.com`,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    DEMO_CORPUS_SIZE: '0',
    FREE_SEARCHES_PER_MONTH: '100000',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000',
    SEARCH_REPLICA_MAX_LAG_SECONDS: String(MAX_LAG_SECONDS),
    // The tests judge where reads go, not the search time budget (3 s): on a loaded machine a
    // search that meets a standby as it restarts could pass the budget and answer 422.
    SEARCH_STATEMENT_TIMEOUT_MS: '30000',
    // No job worker: the failover test crashes the primary under this server, and pg-boss'
    // workers leave their failing bookkeeping unhandled when their database goes.
    ROLE: 'web',
    ...env,
  });
  if (config.mail.mode === 'local') config.mail.port = 0;
  if (config.billing.mode === 'local') config.billing.localPort = 0;
  const running = await startServer({ config, logger });
  started.push(running);
  return { server: running, baseUrl: `http://127.0.0.1:${config.http.port}` };
}

/**
 * What the replica tests ask a running server: an AI search of its own (the same search twice in
 * a day replays instead of searching), and what its metrics say of its reads: how many went where,
 * and whether `standby` serves.
 */
export function replicaProbes(baseUrl: () => string, standby: string) {
  let searchNumber = 0;
  return {
    search(words: string, token: string) {
      searchNumber += 1;
      return call(baseUrl(), 'POST', '/api/v1/ai-search', {
        token,
        body: { query: `${words} (search ${searchNumber})` },
      });
    },
    reads: async (pool: 'search' | 'reads', target: string) =>
      metricSample(
        await scrapeMetrics(baseUrl()),
        `patentscout_db_reads_total{pool="${pool}",target="${target}"}`,
      ) ?? 0,
    serving: async () =>
      metricSample(await scrapeMetrics(baseUrl()), `patentscout_db_replica_serving{replica="${standby}"}`) ===
      1,
  };
}

export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

/** Rows of a query on one of the test's servers, outside the app. */
export async function rowsAt<T>(url: string, query: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(query)).rows as T[];
  } finally {
    await client.end();
  }
}

export const PATENTS = [
  patentRow({
    lens_id: '036-000-000-001-00X',
    title: 'SOLAR PANEL CLEANING ROBOT',
    abstract: 'A robot that cleans solar panels on roofs with rotating brushes.',
  }),
  patentRow({
    lens_id: '036-000-000-002-00X',
    title: 'LITHIUM BATTERY ELECTRODE',
    abstract: 'An electrode for lithium batteries made of silicon.',
  }),
];

/** Patents written as the indexer writes them. */
export const ingestPatents = (db: Db, rows: PatentFixture[]) =>
  writePatentBatch(
    db,
    rows.map((row, index) => ({ row: storedPatent(row), position: `test:${index}` })),
  );
