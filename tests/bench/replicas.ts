import { spawn } from 'node:child_process';
import { chmod, mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { loadConfig } from '@patentscout/server/config';
import { createDb, migrateToLatest, createReadRouting } from '@patentscout/db';
import { createLogger } from '@patentscout/platform';
import { embeddedDatabaseUrl } from '@patentscout/server/supervisor/embedded';
import { standbyName, startEmbeddedCluster } from '@patentscout/server/supervisor/embedded-cluster';
import { startAuthEmulator } from '@patentscout/server/integrations/firebase-emulator';
import { startServer, type RunningServer } from '@patentscout/server/main';
import { benchUserToken } from './bench-server.js';
import { sampleReplicationLag } from './replication-lag.js';
import { search, type SearchKind } from './search-client.js';
import { ADVANCED_QUERIES, AI_QUERIES, type BenchQuery } from './search-queries.js';

/**
 * `npm run bench:replicas [-- --count 100000 --seconds 20 --rounds 2]`: an embedded primary and
 * one streaming standby (as `npm run dev:replica` makes them) on fresh data. Loads `--count`
 * generated patents on the primary with `npm run index -- generate` while sampling the standby's
 * lag; then searches/s at concurrency 8 (AI and advanced, through the HTTP API) with the app's
 * reads on the standby (`SEARCH_DATABASE_URLS`) and on the primary alone, in alternating rounds.
 * Everything shares this machine's cores: the comparison shows the routing's overhead, not what a
 * second machine would add.
 */
const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
  },
});
const COUNT = Number(values.count);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);
const PORTS = {
  primary: 54389,
  http: 3189,
  emulator: 9589,
  smtp: 2589,
  stripe: 12189,
  formService: 12188,
} as const;
const PROJECT_ID = 'demo-patentscout-bench-replicas';
const DATA_DIR = path.resolve('.data/bench-replicas');
const say = (line: string) => process.stdout.write(`${line}\n`);
const logger = createLogger('warn');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `npm run index -- generate` against the primary, its output passed through. */
function generate(databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'tsx',
        'scripts/index.ts',
        'generate',
        '--count',
        String(COUNT),
        '--seed',
        '36',
        '--database-url',
        databaseUrl,
      ],
      { stdio: ['ignore', 'inherit', 'ignore'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`index generate exited with ${code}`)),
    );
  });
}

async function startApp(primaryUrl: string, replicaUrls: string[]): Promise<RunningServer> {
  const config = loadConfig({
    NODE_ENV: 'development',
    ROLE: 'web',
    LOG_LEVEL: 'warn',
    PORT: String(PORTS.http),
    DATA_DIR: path.join(DATA_DIR, 'app'),
    DATABASE_URL: primaryUrl,
    SEARCH_DATABASE_URLS: replicaUrls.join(','),
    MAIL_SMTP_PORT: String(PORTS.smtp),
    STRIPE_LOCAL_PORT: String(PORTS.stripe),
    MAILING_LIST_LOCAL_PORT: String(PORTS.formService),
    FIREBASE_PROJECT_ID: PROJECT_ID,
    FIREBASE_API_KEY: 'bench-key',
    FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${PORTS.emulator}`,
    DEMO_CORPUS_SIZE: '0',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '100000000',
    RATE_LIMIT_REQUESTS_PER_MINUTE: '100000000',
  });
  return startServer({ config, logger });
}

/**
 * Searches a second at concurrency 8 over the fixed queries for `SECONDS`, after one pass to warm
 * up; each pass over the queries by a searcher of its own (a repeat within a day would replay).
 */
async function searchesPerSecond(server: RunningServer, kind: SearchKind, queries: BenchQuery[]) {
  const baseUrl = `http://127.0.0.1:${PORTS.http}`;
  const passes = Math.ceil((SECONDS * 80) / queries.length) + 2;
  const auth = { emulatorPort: PORTS.emulator, projectId: PROJECT_ID };
  const tokens = await Promise.all(Array.from({ length: passes }, () => benchUserToken(server, auth)));
  for (const query of queries) await search(baseUrl, tokens[0]!, kind, query);
  let next = queries.length;
  let done = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < deadline) {
        const index = next++;
        await search(
          baseUrl,
          tokens[Math.floor(index / queries.length) % passes]!,
          kind,
          queries[index % queries.length]!,
        );
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

say(
  `load average: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
await rm(DATA_DIR, { recursive: true, force: true });
await mkdir(DATA_DIR, { recursive: true });
await chmod(DATA_DIR, 0o755);
say(`=== one primary and one streaming standby, ${COUNT.toLocaleString('en')} patents ===`);
// Everything started is stopped in reverse order, also after a failure.
const stops: Array<() => Promise<unknown>> = [];
try {
  const cluster = await startEmbeddedCluster({
    port: PORTS.primary,
    dataDir: path.join(DATA_DIR, 'pg'),
    replicas: 1,
    database: 'patentscout',
    logger,
  });
  stops.push(() => cluster.stop());
  const emulator = await startAuthEmulator({
    projectId: PROJECT_ID,
    host: '127.0.0.1',
    port: PORTS.emulator,
    dataDir: DATA_DIR,
    logger,
  });
  stops.push(() => emulator.stop());
  const standbyUrl = cluster.standbys[0]!.url;
  const routing = await createReadRouting({
    primaryUrl: cluster.url,
    replicaUrls: [standbyUrl],
    maxLagSeconds: 10,
  });
  stops.push(() => routing.close());
  const db = createDb(cluster.url, { maxConnections: 2 });
  await migrateToLatest(db);
  const lag = sampleReplicationLag({
    primaryAdminUrl: embeddedDatabaseUrl(PORTS.primary, 'postgres'),
    standby: standbyName(1),
    routing,
    everyMs: 250,
  });
  await lag.start();
  const loadStarted = Date.now();
  await generate(cluster.url);
  const loadEnded = Date.now();
  const catchUp = await lag.untilCaughtUp(600_000);
  await sql`ANALYZE patents`.execute(db);
  await lag.untilCaughtUp(600_000);
  const during = lag.summary(loadStarted);
  await lag.stop();
  await db.destroy();
  say(
    `  ingest: ${COUNT.toLocaleString('en')} patents in ${seconds(loadEnded - loadStarted)} on the primary; the standby ` +
      `had replayed everything ${seconds(catchUp)} after the load ended`,
  );
  say(
    `  standby lag during the load (${during.samples} samples, every 250 ms): Postgres' replay_lag p50 ${during.replay.p50.toFixed(2)} s, ` +
      `p95 ${during.replay.p95.toFixed(2)} s, max ${during.replay.max.toFixed(2)} s; WAL behind at most ${(during.bytesMax / 1024 / 1024).toFixed(1)} MiB; ` +
      `the app's estimate p50 ${during.routing.p50.toFixed(2)} s, p95 ${during.routing.p95.toFixed(2)} s, max ${during.routing.max.toFixed(2)} s`,
  );

  const figures: Record<'replica' | 'primary', Record<SearchKind, number[]>> = {
    replica: { ai: [], boolean: [] },
    primary: { ai: [], boolean: [] },
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const reads of ['primary', 'replica'] as const) {
      const server = await startApp(cluster.url, reads === 'replica' ? [standbyUrl] : []);
      try {
        for (const [kind, queries] of [
          ['ai', AI_QUERIES],
          ['boolean', ADVANCED_QUERIES],
        ] as const) {
          const perSecond = await searchesPerSecond(server, kind, queries);
          figures[reads][kind].push(perSecond);
          say(
            `  round ${round + 1}, reads on the ${reads}: ${kind === 'ai' ? 'AI' : 'advanced'} search ${perSecond.toFixed(1)} searches/s`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
  for (const kind of ['ai', 'boolean'] as const) {
    const onReplica = mean(figures.replica[kind]);
    const onPrimary = mean(figures.primary[kind]);
    say(
      `  ${kind === 'ai' ? 'AI search' : 'advanced search'} at concurrency 8: ${onReplica.toFixed(1)} searches/s with reads on the standby, ` +
        `${onPrimary.toFixed(1)} on the primary alone (${onReplica >= onPrimary ? '+' : ''}${((onReplica / onPrimary - 1) * 100).toFixed(1)} %)`,
    );
  }
} finally {
  for (const stop of stops.reverse())
    await stop().catch((error: unknown) => say(`while stopping: ${String(error)}`));
}
say(
  `load average: ${os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
process.exit(0);
