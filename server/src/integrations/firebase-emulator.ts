import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../shared/logger.js';
import { assertPortFree } from '../shared/ports.js';

export interface RunningEmulator {
  url: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;

/** The emulator's hub and logging ports, derived from its auth port (see startAuthEmulator). */
export const emulatorHubPort = (authPort: number) => authPort + 1;
export const emulatorLoggingPort = (authPort: number) => authPort + 2;

/**
 * Runs the Firebase Auth emulator from `firebase-tools` as a child process in its own process
 * group, so that stopping it also stops anything it started.
 */
export async function startAuthEmulator(options: {
  projectId: string;
  host: string;
  port: number;
  dataDir: string;
  logger: Logger;
}): Promise<RunningEmulator> {
  const { projectId, host, port, dataDir, logger } = options;
  await assertPortFree(port, 'the Firebase Auth emulator (FIREBASE_AUTH_EMULATOR_PORT)');
  await assertPortFree(emulatorHubPort(port), `the Firebase emulator hub (FIREBASE_AUTH_EMULATOR_PORT + 1)`);
  await assertPortFree(
    emulatorLoggingPort(port),
    `the Firebase emulator's logging (FIREBASE_AUTH_EMULATOR_PORT + 2)`,
  );
  const configDir = path.join(dataDir, 'firebase');
  await mkdir(configDir, { recursive: true });
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
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_EXPERIMENTS: '', CI: 'true' },
    },
  );
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 50) output.shift();
    logger.debug({ emulator: text.trim() }, 'firebase emulator');
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const url = `http://${host}:${port}`;
  await waitUntilReady(url, child, output);
  return { url, stop: () => stopProcessGroup(child) };
}

async function waitUntilReady(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The Firebase Auth emulator stopped while starting:\n${output.join('').slice(-2000)}`);
    }
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopProcessGroup(child);
  throw new Error(`The Firebase Auth emulator did not start within ${READY_TIMEOUT_MS / 1000} s`);
}

/** The export of a few hundred test accounts takes well under this; then it is killed. */
const STOP_GRACE_MS = 8_000;

async function stopProcessGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
