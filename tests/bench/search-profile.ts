import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startCpuProfile } from '../fairness/cpu-profile.js';
import { describeTimeSpent, measureTimeSpent } from '../fairness/where-time-goes.js';
import { benchUsers, startBenchServer } from './bench-server.js';
import { search, type SearchKind } from './search-client.js';
import { CLIENTS, percentile, throughput } from './search-measure.js';
import { ADVANCED_QUERIES, AI_QUERIES } from './search-queries.js';

/**
 * `npm run bench:search-profile [-- --size 1000000 --seconds 10 --profile <dir>]`: where a
 * search's time goes, for one kind after the other: the first pass (every search met for the
 * first time, at concurrency 1) and a throughput run at concurrency 8. For each stretch: every
 * SQL statement the server sent, grouped by its first words (count, total and mean time as the
 * server's pg client saw it), the time searches waited for a pooled connection, the event loop's
 * busy share and the CPU of Node and Postgres; `--profile` also writes the server process's CPU
 * profile of each stretch (open it in Chrome's DevTools). Then the ranking statements met are
 * sent straight to Postgres, one, two, four and eight at once (`--statements-only` skips the
 * stretches' measures and only meets the queries once for that). `--save-statements <file>` writes
 * the ranking statements met, with their parameters, as JSON, to study them in Postgres.
 */
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    data: { type: 'string', default: '.data' },
    profile: { type: 'string' },
    'statements-only': { type: 'boolean', default: false },
    'save-statements': { type: 'string' },
  },
});
const say = (line: string) => process.stdout.write(`${line}\n`);
const size = Number(values.size);

interface StatementTimes {
  count: number;
  ms: number;
}
const statements = new Map<string, StatementTimes>();
const poolWaits: number[] = [];
/** Ranking statements met, with their parameters, for timing them alone and eight at once. */
const ranking: Array<{ text: string; values: unknown[] }> = [];

/** The first words of a statement, without its parameters: what it is. */
function shapeOf(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 90);
}

// Timed around node-postgres itself: every statement of every pool of the server (one process).
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '?');
  if (text.trimStart().startsWith('WITH candidates') && ranking.length < 200)
    ranking.push({ text, values: (args[1] as unknown[]) ?? (first as { values?: unknown[] }).values ?? [] });
  const started = performance.now();
  const result = query.apply(this, args);
  const record = () => {
    const shape = shapeOf(text);
    const entry = statements.get(shape) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - started;
    statements.set(shape, entry);
  };
  if (result && typeof (result as Promise<unknown>).then === 'function')
    (result as Promise<unknown>).then(record, record);
  return result;
} as typeof pg.Client.prototype.query;
const connect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
pg.Pool.prototype.connect = function timedConnect(this: pg.Pool, ...args: unknown[]) {
  const started = performance.now();
  const result = connect.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function')
    void (result as Promise<unknown>).then(
      () => poolWaits.push(performance.now() - started),
      () => undefined,
    );
  return result;
} as typeof pg.Pool.prototype.connect;

function report(stretch: string, wallMs: number, searches: number) {
  const rows = [...statements].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((sum, [, entry]) => sum + entry.ms, 0);
  say(
    `  statements (${searches} searches, ${wallMs.toFixed(0)} ms of wall time; statement time ${total.toFixed(0)} ms, ${(total / searches).toFixed(1)} ms a search):`,
  );
  for (const [shape, entry] of rows.slice(0, 14)) {
    say(
      `    ${(entry.ms / searches).toFixed(1).padStart(7)} ms/search ${String(entry.count).padStart(6)}x ${(entry.ms / entry.count).toFixed(1).padStart(7)} ms  ${shape}`,
    );
  }
  poolWaits.sort((a, b) => a - b);
  say(
    `  pool connects: ${poolWaits.length}, wait p50 ${percentile(poolWaits, 0.5).toFixed(1)} ms, p95 ${percentile(poolWaits, 0.95).toFixed(1)} ms, total ${poolWaits.reduce((a, b) => a + b, 0).toFixed(0)} ms (${stretch})`,
  );
  statements.clear();
  poolWaits.length = 0;
}

/**
 * The ranking statements met, run straight on Postgres (no Node in between): one at a time, then
 * eight at once, with Postgres's CPU time (user and system) per statement; and one statement's plan.
 */
async function statementsAloneAndAtOnce(databaseUrl: string, pgDir: string) {
  const sample = ranking.filter((_, index) => index % 5 === 0).slice(0, 32);
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new pg.Client({
        connectionString: databaseUrl,
        options: '-c synchronize_seqscans=off -c max_parallel_workers_per_gather=0',
      });
      await client.connect();
      return client;
    }),
  );
  try {
    for (const statement of sample) await clients[0]!.query(statement.text, statement.values);
    for (const [label, atOnce] of [
      ['one at a time', 1],
      ['eight at once', CLIENTS],
      ['eight at once again', CLIENTS],
      ['two at once', 2],
      ['four at once', 4],
    ] as const) {
      const ticks = postgresUserSystemTicks(pgDir);
      const spent = measureTimeSpent(pgDir);
      const started = performance.now();
      let next = 0;
      const times: number[] = [];
      await Promise.all(
        clients.slice(0, atOnce).map(async (client) => {
          for (let mine = next++; mine < sample.length * 2; mine = next++) {
            const statement = sample[mine % sample.length]!;
            const began = performance.now();
            await client.query(statement.text, statement.values);
            times.push(performance.now() - began);
          }
        }),
      );
      const wall = performance.now() - started;
      const used = spent();
      const after = postgresUserSystemTicks(pgDir);
      say(
        `    Postgres user ${(((after.user - ticks.user) * 10) / times.length).toFixed(0)} ms, system ${(((after.system - ticks.system) * 10) / times.length).toFixed(0)} ms a statement`,
      );
      times.sort((a, b) => a - b);
      say(
        `  ranking statements ${label}: ${times.length} in ${wall.toFixed(0)} ms (${((times.length * 1000) / wall).toFixed(1)}/s), p50 ${percentile(times, 0.5).toFixed(0)} ms, Postgres CPU ${(((used.postgresCpuSeconds ?? 0) * 1000) / times.length).toFixed(0)} ms a statement; ${describeTimeSpent(used)}`,
      );
    }
    for (const statement of sample.slice(0, 2)) {
      const { rows } = await clients[0]!.query(
        `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${statement.text}`,
        statement.values,
      );
      say(rows.map((row: Record<string, string>) => `    ${row['QUERY PLAN']}`).join('\n'));
    }
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
}

/** User and system clock ticks of every process whose command names the data folder, and their children. */
function postgresUserSystemTicks(pgDir: string): { user: number; system: number } {
  const stats = new Map<number, { ppid: number; user: number; system: number; ours: boolean }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      stats.set(Number(entry), {
        ppid: Number(fields[1]),
        user: Number(fields[11]),
        system: Number(fields[12]),
        ours: command.includes(path.resolve(pgDir)),
      });
    } catch {
      // ended meanwhile
    }
  }
  const postmasters = new Set([...stats].filter(([, stat]) => stat.ours).map(([pid]) => pid));
  let user = 0;
  let system = 0;
  for (const [pid, stat] of stats)
    if (postmasters.has(pid) || postmasters.has(stat.ppid)) {
      user += stat.user;
      system += stat.system;
    }
  return { user, system };
}

const server = await startBenchServer(size, say, { dataRoot: values.data });
try {
  const kinds: Array<[SearchKind, typeof AI_QUERIES]> = [
    ['ai', AI_QUERIES],
    ['boolean', ADVANCED_QUERIES],
  ];
  const perKind = CLIENTS * Math.ceil((Number(values.seconds) * 80) / CLIENTS / 50) + 2;
  const tokens = await benchUsers(server, perKind * kinds.length);
  const pgDir = path.join(server.dataDir, 'pg');
  for (const [index, [kind, queries]] of kinds.entries()) {
    if (values['statements-only']) {
      for (const body of queries) await search(server.baseUrl, tokens[index]!, kind, body);
      continue;
    }
    const mine = tokens.slice(index * perKind, (index + 1) * perKind);
    for (const [stretch, run] of [
      [
        'first pass',
        async () => {
          const times: number[] = [];
          for (const body of queries) times.push((await search(server.baseUrl, mine[0]!, kind, body)).ms);
          times.sort((a, b) => a - b);
          say(
            `  ${kind} first pass: p50 ${percentile(times, 0.5).toFixed(0)} ms, p95 ${percentile(times, 0.95).toFixed(0)} ms`,
          );
          return queries.length;
        },
      ],
      [
        'throughput at 8',
        async () => {
          const started = performance.now();
          const perSecond = await throughput(
            server.baseUrl,
            (pass) => mine[1 + (pass % (mine.length - 1))]!,
            kind,
            queries,
            'rest',
            Number(values.seconds),
          );
          say(`  ${kind} at 8: ${perSecond.toFixed(1)} searches/s`);
          return Math.round((perSecond * (performance.now() - started)) / 1000);
        },
      ],
    ] as const) {
      statements.clear();
      poolWaits.length = 0;
      const spent = measureTimeSpent(pgDir);
      const profileFile = values.profile
        ? path.join(values.profile, `${kind}-${stretch.replaceAll(' ', '-')}.cpuprofile`)
        : undefined;
      const stop = profileFile ? await startCpuProfile(profileFile) : undefined;
      const started = performance.now();
      const searches = await run();
      const wallMs = performance.now() - started;
      await stop?.();
      say(`  ${kind} ${stretch}: ${describeTimeSpent(spent())}`);
      report(`${kind} ${stretch}`, wallMs, searches);
    }
  }
  if (values['save-statements']) writeFileSync(values['save-statements'], JSON.stringify(ranking, null, 1));
  await statementsAloneAndAtOnce(server.databaseUrl, pgDir);
  if (values.profile) writeFileSync(path.join(values.profile, 'done'), new Date().toISOString());
} finally {
  await server.stop();
}
process.exit(0);
