import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../shared/logger.js';
import { assertPortFree, describePortHolder } from '../shared/ports.js';
import { openChildLog } from '../supervisor/part-log.js';
import { membersOfGroup } from '../supervisor/processes.js';
import { DEFAULT_READY_TIMEOUT_MS, waitUntilReady } from '../supervisor/readiness.js';
import type { RunningPart } from '../supervisor/supervisor.js';

export interface RunningEmulator extends RunningPart {
  url: string;
  stop(): Promise<void>;
}

const PART = 'the Firebase Auth emulator';

/** The emulator's hub and logging ports, derived from its auth port (see startAuthEmulator). */
export const emulatorHubPort = (authPort: number) => authPort + 1;
export const emulatorLoggingPort = (authPort: number) => authPort + 2;

/**
 * Runs the Firebase Auth emulator from `firebase-tools` as a child process in its own process
 * group, so that stopping it also stops anything it started. Its output goes to
 * `logFile` when given; a start slower than `timeoutMs` fails with a message that says so.
 */
export async function startAuthEmulator(options: {
  projectId: string;
  host: string;
  port: number;
  dataDir: string;
  logger: Logger;
  logFile?: string;
  timeoutMs?: number;
  report?: (line: string) => void;
}): Promise<RunningEmulator> {
  const { projectId, host, port, dataDir, logger } = options;
  await assertPortFree(port, 'the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_PORT)');
  await assertPortFree(emulatorHubPort(port), `the Firebase emulator hub (FIREBASE_AUTH_EMULATOR_PORT + 1)`);
  await assertPortFree(
    emulatorLoggingPort(port),
    `the Firebase emulator's logging (FIREBASE_AUTH_EMULATOR_PORT + 2)`,
  );
  const configDir = path.join(dataDir, 'firebase');
  // firebase-tools finds "the" running hub of a project through a file in the temporary folder
  // named after the project (hub-<project>.json), and exports on exit through that hub: two copies
  // side by side with one project id would export each other's accounts. A temporary folder of
  // the copy's own keeps each emulator to its own hub.
  const temporaryDir = path.join(configDir, 'tmp');
  await mkdir(temporaryDir, { recursive: true });
  const configFile = path.join(configDir, 'firebase.json');
  await writeFile(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port },
        // NOTE: firebase-tools also opens a hub and a logging port (4400 and 4500 unless set); both
        // follow the auth port so that two copies (or `npm test` beside `npm start`) never meet.
        hub: { host, port: emulatorHubPort(port) },
        logging: { host, port: emulatorLoggingPort(port) },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  // NOTE: the emulator keeps accounts in memory; exporting on exit and importing on start keeps
  // them in step with the account rows that Postgres keeps across restarts.
  const exportDir = path.join(configDir, 'auth-export');
  const importArgs = existsSync(path.join(exportDir, 'firebase-export-metadata.json'))
    ? ['--import', exportDir]
    : [];
  const firebaseCli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const log = await openChildLog(options.logFile ?? path.join(configDir, 'emulator.log'));
  const child = spawn(
    process.execPath,
    [
      firebaseCli,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      configFile,
      ...importArgs,
      '--export-on-exit',
      exportDir,
    ],
    {
      cwd: configDir,
      detached: true,
      // NOTE: its output goes straight to its log file, not through a pipe to this process: an
      // emulator that outlives a crashed `npm start` must still be able to write (an EPIPE
      // there breaks its export of the accounts when the next start stops it).
      stdio: ['ignore', log.fd, log.fd],
      env: {
        ...process.env,
        TMPDIR: temporaryDir,
        NO_UPDATE_NOTIFIER: '1',
        FIREBASE_CLI_EXPERIMENTS: '',
        CI: 'true',
      },
    },
  );
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      log.close();
      // Whatever it started goes with it, so that a restart finds its ports free.
      killGroup(child, 'SIGKILL');
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    }),
  );

  const url = `http://${host}:${port}`;
  try {
    await waitUntilReady({
      part: PART,
      isReady: async () => (await fetch(url)).status < 500,
      endedBecause: () =>
        child.exitCode !== null || child.signalCode !== null ? whyItStopped(log.lastLines()) : undefined,
      timeoutMs: options.timeoutMs ?? DEFAULT_READY_TIMEOUT_MS,
      report: options.report ?? ((line) => logger.info(line)),
      logFile: options.logFile ?? path.join(configDir, 'firebase-debug.log'),
    });
  } catch (error) {
    stopping = true;
    await stopProcessGroup(child);
    throw error;
  }
  const processes = child.pid ? membersOfGroup(child.pid) : [];
  return {
    url,
    ended,
    processes: () => processes,
    stop: () => {
      stopping = true;
      return stopProcessGroup(child);
    },
  };
}

/** The emulator's own words for a failed start, with the holder of a port it could not take. */
function whyItStopped(output: string): string {
  const port =
    /EADDRINUSE[^\n]*?:(\d{2,5})/.exec(output)?.[1] ?? /Port (\d{2,5}) is not open/.exec(output)?.[1];
  if (port) {
    const holder = describePortHolder(Number(port));
    return `port ${port} is already in use${holder ? ` by ${holder}` : ''}`;
  }
  const lines = output
    .trim()
    .split('\n')
    .filter((line) => line.trim() !== '');
  return lines.slice(-3).join(' / ') || 'it exited without a word';
}

/** The export of a few hundred test accounts takes well under this; then it is killed. */
const STOP_GRACE_MS = 8_000;

function killGroup(child: ChildProcess, signal: NodeJS.Signals): boolean {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (!killGroup(child, 'SIGTERM')) return;
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
