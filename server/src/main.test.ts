import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig, type AppConfig } from './config.js';
import { startJobQueue, type JobQueue } from './jobs/boss.js';
import type { JobDefinition } from './jobs/job-definition.js';
import { startServer, type RunningServer } from './main.js';
import { createLogger } from './shared/logger.js';
import { TEST_PROJECT_ID } from './testing/constants.js';
import { createEmulatorUser } from './testing/emulator-users.js';
import { insertPatents, patentRow } from './testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from './testing/test-db.js';
import { freePort, metricSample as sample, scrapeMetrics as scrape } from './testing/server-probes.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: TestDatabase;
let dataDir: string;
let sender: JobQueue;
const started: RunningServer[] = [];
const handled: unknown[] = [];
const probeJob: JobDefinition = {
  name: 'test.probe',
  policy: 'standard',
  async handler(payload) {
    handled.push(payload);
  },
};

/** The server as main.ts composes it, in a role, over this file's database and the run's emulator. */
async function startInRole(role: 'web' | 'worker', env: Record<string, string> = {}) {
  const config: AppConfig = loadConfig({
    NODE_ENV: 'test',
    ROLE: role,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    MAILING_LIST_LOCAL_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
    FIREBASE_API_KEY: 'test-key',
    FIREBASE_AUTH_DOMAIN: `${TEST_PROJECT_ID}.firebaseapp.com`,
    FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
    ...env,
  });
  if (config.mail.mode === 'local') config.mail.port = 0;
  if (config.billing.mode === 'local') config.billing.localPort = 0;
  const server = await startServer({ config, logger: createLogger('silent'), jobs: [probeJob] });
  started.push(server);
  return { server, config, baseUrl: `http://127.0.0.1:${config.http.port}` };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-roles-'));
  sender = await startJobQueue({ connectionString: database.url, onError: () => undefined, runsJobs: false });
});
afterAll(async () => {
  for (const server of started.reverse()) await server.stop();
  await sender.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('ROLE', () => {
  let web: Awaited<ReturnType<typeof startInRole>>;

  it('web: serves HTTP, health and metrics, and runs no job (a sent job stays queued)', async () => {
    // One general request a minute: health checks and scrapes must not count against it.
    web = await startInRole('web', { RATE_LIMIT_REQUESTS_PER_MINUTE: '1' });
    expect((await fetch(`${web.baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${web.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: { ok: true },
      migrations: { ok: true, detail: 'all applied' },
      jobs: { ok: true, detail: 'pg-boss running, sending only' },
    });

    await sender.boss.send('test.probe', { n: 1 });
    await sleep(4_000); // two of pg-boss' polling intervals
    expect(handled).toEqual([]);
    expect(await sender.boss.getQueueSize('test.probe')).toBe(1);
    expect(sample(await scrape(web.baseUrl), 'patentscout_queue_depth{queue="test.probe",role="web"}')).toBe(
      1,
    );
  }, 30_000);

  it('web: /metrics counts requests by route template, searches by kind and tier, and the pool', async () => {
    await insertPatents(database.db, [
      patentRow({ title: 'LITHIUM ION BATTERY ELECTRODE', abstract: 'An electrode for a lithium battery.' }),
    ]);
    const user = await createEmulatorUser({ verified: true });
    const search = await fetch(`${web.baseUrl}/api/v1/ai-search`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'electrodes for lithium batteries' }),
    });
    expect(search.status).toBe(200);
    await fetch(`${web.baseUrl}/api/v1/patents/no-such-patent`);

    const text = await scrape(web.baseUrl);
    expect(
      sample(text, 'patentscout_search_duration_seconds_count{kind="ai",tier="all-tiers",role="web"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'patentscout_http_request_duration_seconds_count{method="POST",route="/api/v1/ai-search",status_code="200",role="web"}',
      ),
    ).toBe(1);
    // The route's template, never the raw URL.
    expect(text).not.toContain('no-such-patent');
    expect(sample(text, 'patentscout_db_pool_connections{pool="app",role="web"}')).toBeGreaterThan(0);
    expect(sample(text, 'patentscout_db_pool_max{pool="app",role="web"}')).toBe(10);
    expect(sample(text, 'patentscout_db_pool_connections{pool="search",role="web"}')).toBeGreaterThan(0);
    // Health checks and scrapes are not timed (nor logged).
    expect(text).not.toMatch(/route="\/(healthz|readyz|metrics)"/);
    for (let round = 0; round < 3; round += 1) {
      for (const path of ['/healthz', '/readyz', '/metrics']) {
        expect((await fetch(`${web.baseUrl}${path}`)).status, path).toBe(200);
      }
    }
    expect((await fetch(`${web.baseUrl}/api/v1/patents/another`)).status).toBe(429);
  }, 30_000);

  it('worker: opens no web port, works the queue, and reports job outcomes on METRICS_PORT', async () => {
    const metricsPort = await freePort();
    const worker = await startInRole('worker', { METRICS_PORT: String(metricsPort) });
    expect(worker.server.opsUrl).toBe(`http://127.0.0.1:${metricsPort}`);
    await expect(fetch(`${worker.baseUrl}/healthz`)).rejects.toThrow();

    for (let waited = 0; handled.length === 0 && waited < 20_000; waited += 250) await sleep(250);
    expect(handled).toEqual([{ n: 1 }]);
    const ops = worker.server.opsUrl!;
    expect((await fetch(`${ops}/readyz`)).status).toBe(200);
    const text = await scrape(ops);
    expect(sample(text, 'patentscout_jobs_total{queue="test.probe",outcome="completed",role="worker"}')).toBe(
      1,
    );
    expect(
      sample(
        text,
        'patentscout_job_duration_seconds_count{queue="test.probe",outcome="completed",role="worker"}',
      ),
    ).toBe(1);
    expect(sample(text, 'patentscout_queue_depth{queue="test.probe",role="worker"}')).toBe(0);
  }, 40_000);
});
