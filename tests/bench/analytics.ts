import { chmod, mkdir } from 'node:fs/promises';
import {
  createInsightsRepo,
  createInsightsService,
  createResultSetsRepo,
  createResultSets,
  createSearchRepo,
  createSearchAdmission,
  createMeaningStatus,
  createSearchService,
  plansOver,
} from '@patentscout/server/testing/internals';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { type Db } from '@patentscout/db';
import { createLogger } from '@patentscout/platform';
import { freshDatabase } from './fresh-database.js';
import { startEmbeddedPostgres } from '@patentscout/server/supervisor/embedded';
import { createSearchEngine } from '@patentscout/server/search-engine';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { systemClock } from '@patentscout/server/shared/clock';

/**
 * `npm run bench:analytics`: an embedded Postgres of its own (a free port, data in
 * .data/bench-analytics), a million synthetic search events over a year, 20,000 users, 300,000
 * page views and Stripe events made with generate_series, and 100,000 generated demo patents
 * with their search index (as `npm start` loads them); then every analytics figure timed over
 * the whole year and over its last 30 days, and landscapes of broad and narrow searches (p50 and
 * p95 of a few runs after a warm-up).
 */
const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    patents: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
  },
});
const EVENTS = Number(values.events);
const PATENTS = Number(values.patents);
const RUNS = Number(values.runs);
const USERS = 20_000;
const PAGE_VIEWS = 300_000;
const DATA_DIR = path.resolve('.data/bench-analytics/pg');
const YEAR_START = '2025-11-25T00:00:00Z';
const YEAR_END = '2026-11-25T00:00:00Z';
const say = (line: string) => process.stdout.write(`${line}\n`);
const whole = (value: number) => Math.round(value).toLocaleString('en-US');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function step(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  process.stdout.write(`  ${label}...`);
  await work();
  process.stdout.write(` ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/** The synthetic data: every figure has something to count, in proportions like a product's. */
async function fill(db: Db): Promise<void> {
  await step(`${whole(USERS)} users (10% on Discover)`, () =>
    sql`INSERT INTO users (uid, email, name, created_at)
        SELECT 'u' || i, 'user' || i || '@example.com', 'User ' || i,
               ${YEAR_START}::timestamptz + (i::float / ${USERS}) * interval '365 days'
        FROM generate_series(1, ${USERS}) i`.execute(db),
  );
  await step(`${whole(USERS / 10)} Discover subscriptions`, () =>
    sql`INSERT INTO plan_subscriptions (subscription_id, user_uid, customer_id, status, set_by)
        SELECT 'sub_' || i, 'u' || i, 'cus_' || i, 'active', 'bench'
        FROM generate_series(10, ${USERS}, 10) i`.execute(db),
  );
  await step(`${whole(EVENTS)} search events over a year`, () =>
    sql`INSERT INTO search_events (user_uid, kind, query, request, search_key, result_count, created_at)
        SELECT 'u' || (1 + (i * 7919) % ${USERS}),
               CASE WHEN i % 20 = 0 THEN 'oneshot' WHEN i % 4 = 0 THEN 'boolean' ELSE 'ai' END,
               'synthetic query number ' || ((i * 104729) % 2000),
               jsonb_strip_nulls(jsonb_build_object(
                 'query', 'synthetic query number ' || ((i * 104729) % 2000),
                 'jurisdiction', CASE WHEN i % 3 = 0 THEN jsonb_build_array((ARRAY['US','EP','CN','JP','DE','KR','GB','FR'])[1 + i % 8]) END,
                 'ipc_filters', CASE WHEN i % 5 = 0 THEN '["H01","H02","H03","H04","H05","G06"]'::jsonb END,
                 'years', CASE WHEN i % 7 = 0 THEN '[2010, 2020]'::jsonb END,
                 'legal_status', CASE WHEN i % 11 = 0 THEN '["ACTIVE"]'::jsonb END)),
               md5(i::text), 100,
               ${YEAR_START}::timestamptz + (i::float / ${EVENTS}) * interval '365 days'
        FROM generate_series(1::bigint, ${EVENTS}) i`.execute(db),
  );
  await step(`${whole(PAGE_VIEWS)} page views`, () =>
    sql`INSERT INTO page_views (path, referrer, user_uid, session_id, viewed_at)
        SELECT (ARRAY['/', '/home', '/search/results?q=x', '/patents/000-' || (i % 5000), '/account', '/favourites'])[1 + i % 6],
               NULL, CASE WHEN i % 2 = 0 THEN 'u' || (1 + i % ${USERS}) END, 's' || (i / 5),
               ${YEAR_START}::timestamptz + (i::float / ${PAGE_VIEWS}) * interval '365 days'
        FROM generate_series(1, ${PAGE_VIEWS}) i`.execute(db),
  );
  await step('6,000 changes of subscriptions', () =>
    sql`INSERT INTO plan_subscription_changes (subscription_id, user_uid, change, status, set_by, changed_at)
        SELECT 'sub_' || i, 'u' || (1 + i % ${USERS}),
               (ARRAY['started', 'renewed', 'ended'])[1 + i % 3], 'active', 'bench',
               ${YEAR_START}::timestamptz + (i::float / 6000) * interval '365 days'
        FROM generate_series(1, 6000) i`.execute(db),
  );
  await step(`${whole(PATENTS)} generated demo patents with their search index`, () =>
    ensureDemoCorpus({
      db,
      count: PATENTS,
      onProgress: ({ done }) => {
        if (done % 25_000 === 0) process.stdout.write(` ${whole(done)}`);
      },
    }),
  );
  await step('3 re-index runs', () =>
    sql`INSERT INTO index_runs (query, published_since, status, started_at, finished_at, read, inserted)
        VALUES ('', '2026-11-01', 'succeeded', '2026-11-17T03:00:00Z', '2026-11-17T03:12:00Z', 900, 850),
               ('', '2026-11-17', 'failed', '2026-11-24T03:00:00Z', '2026-11-24T03:01:00Z', 0, 0),
               ('', '2026-11-17', 'succeeded', '2026-11-24T04:00:00Z', '2026-11-24T04:09:00Z', 700, 640)`.execute(
      db,
    ),
  );
  await step('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`.execute(db));
}

/** Broad and narrow landscapes in the demo corpus's vocabulary. */
const LANDSCAPES = [
  { kind: 'AI' as const, query: 'lithium ion battery electrode with better capacity retention' },
  { kind: 'AI' as const, query: 'a system and method for a device with a processor' },
  { kind: 'ADVANCED' as const, query: 'title:battery' },
  { kind: 'ADVANCED' as const, query: 'class_ipcr.symbol:H01M*' },
  { kind: 'ADVANCED' as const, query: 'device OR system' },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  await mkdir(DATA_DIR, { recursive: true });
  await chmod(path.dirname(DATA_DIR), 0o755); // the postgres user must reach its data folder
  const port = await freePort();
  const postgres = await startEmbeddedPostgres({
    dataDir: DATA_DIR,
    port,
    database: 'postgres',
    logger: createLogger('warn'),
  });
  let db: Db | undefined;
  let closeEngine = async (): Promise<unknown> => undefined;
  try {
    say(`Embedded PostgreSQL on port ${port}, data in ${path.relative(process.cwd(), DATA_DIR)}`);
    const databaseUrl = postgres.url.replace(/\/[^/]+$/, '/bench_analytics');
    db = await freshDatabase(postgres.url, 'bench_analytics');
    say('Filling:');
    await fill(db);
    const engine = createSearchEngine({
      connectionString: databaseUrl,
      clock: systemClock,
      maxConnections: 2,
    });
    closeEngine = () => engine.close();
    const search = createSearchService({
      repo: createSearchRepo(db),
      engine,
      maxResults: 500,
      allowance: plansOver(db),
      resultSets: createResultSets({ repo: createResultSetsRepo(db), engine, clock: systemClock }),
      admission: createSearchAdmission(),
      meaningStatus: createMeaningStatus(db),
    });
    const insights = createInsightsService({
      repo: createInsightsRepo(db),
      clock: systemClock,
      freeSearchesPerMonth: 20,
      gate: async () => undefined,
      collectionMembers: async () => [],
      search,
    });
    const windows = {
      year: await insights.open(null, { from: YEAR_START, to: YEAR_END }),
      '30 days': await insights.open(null, { from: '2026-10-26', to: YEAR_END }),
    };
    const figures: Array<[string, (w: (typeof windows)['year']) => Promise<unknown>]> = [
      ['searchesOverTime DAY by KIND', (w) => insights.searchesOverTime(w, 'DAY', 'KIND')],
      ['searchesOverTime WEEK by PLAN', (w) => insights.searchesOverTime(w, 'WEEK', 'PLAN')],
      ['searches', (w) => insights.searches(w)],
      ['topQueries(20)', (w) => insights.topQueries(w, 20)],
      ['topFilters(20)', (w) => insights.topFilters(w, 20)],
      ['topIndustries', (w) => insights.topIndustries(w, 10)],
      ['topCountries', (w) => insights.topCountries(w, 10)],
      ['signUps DAY', (w) => insights.signUps(w, 'DAY')],
      ['activeUsers', (w) => insights.activeUsers(w)],
      ['freeUsersAtLimit', (w) => insights.freeUsersAtLimit(w)],
      ['subscriptions', (w) => insights.subscriptions({ ...w })],
      ['subscriptions overTime WEEK', (w) => insights.subscriptionsOverTime(w, 'WEEK')],
      ['pageViewsByRoute', (w) => insights.pageViewsByRoute(w, 20)],
    ];
    const corpus: Array<[string, () => Promise<unknown>]> = [
      ['corpus byYear', () => insights.corpus.byYear()],
      ['corpus byCountry', () => insights.corpus.byCountry(20)],
      ['corpus byStatus', () => insights.corpus.byStatus()],
      ['corpus enrichmentCoverage', () => insights.corpus.enrichmentCoverage()],
      ['corpus lastReindexRun', () => insights.corpus.lastReindexRun()],
    ];
    say(`\nTiming (${RUNS} runs after a warm-up, ms):`);
    const lines = [
      `${'figure'.padEnd(32)}${'year p50'.padStart(10)}${'year p95'.padStart(10)}${'30 d p50'.padStart(10)}${'30 d p95'.padStart(10)}`,
    ];
    say(lines[0]!);
    const ms = (value: number) => value.toFixed(0).padStart(10);
    for (const [label, run] of figures) {
      const year = await time(() => run(windows.year));
      const month = await time(() => run(windows['30 days']));
      const line = `${label.padEnd(32)}${ms(year.p50)}${ms(year.p95)}${ms(month.p50)}${ms(month.p95)}`;
      lines.push(line);
      say(line);
    }
    for (const [label, run] of corpus) {
      const result = await time(run);
      const line = `${label.padEnd(32)}${ms(result.p50)}${ms(result.p95)}${'(corpus: no range)'.padStart(20)}`;
      lines.push(line);
      say(line);
    }
    say(`\nLandscapes (${RUNS} runs after a warm-up, ms; at most 10,000 matches aggregated):`);
    for (const input of LANDSCAPES) {
      const answer = await insights.landscape(null, input);
      const result = await time(() => insights.landscape(null, input));
      const about = answer.estimated ? ` of about ${whole(answer.total)}` : '';
      const line = `${`${input.kind} ${input.query}`.slice(0, 44).padEnd(46)}${ms(result.p50)}${ms(result.p95)}   ${answer.basis}${about}`;
      lines.push(line);
      say(line);
    }
    say(
      `\n${whole(EVENTS)} search events, ${whole(USERS)} users, ${whole(PAGE_VIEWS)} page views, ${whole(PATENTS)} demo patents.`,
    );
  } finally {
    await closeEngine();
    await db?.destroy();
    await postgres.stop();
  }
}

await main();
