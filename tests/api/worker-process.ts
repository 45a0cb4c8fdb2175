import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { TEST_PROJECT_ID } from '@patentscout/server/testing/constants';
import type { TestApp } from '@patentscout/server/testing/test-app';

const WORKER = createRequire(import.meta.url).resolve('@patentscout/server/testing/worker-process');

/**
 * Starts the server in a process of its own (API and jobs) on the test app's database, mailing to
 * the test app's SMTP server, so that a test can kill it with SIGKILL; answers it and its API's URL.
 */
export async function startWorker(app: TestApp): Promise<{ process: ChildProcess; url: string }> {
  if (app.config.auth.mode !== 'emulator') throw new Error('the tests run on the Auth emulator');
  const worker = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: app.database.url,
      SMTP_URL: app.smtpUrl,
      FIREBASE_PROJECT_ID: TEST_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_PORT: String(app.config.auth.emulatorPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  worker.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    worker.stdout!.on('data', (chunk: Buffer) => {
      const ready = /worker ready on (\S+)/.exec(chunk.toString());
      if (ready) resolve(ready[1]!);
    });
    worker.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${errors}`)));
  });
  return { process: worker, url };
}

/** Kills the worker as a crash would (SIGKILL) and waits until it is gone. */
export async function killWorker(worker: ChildProcess): Promise<void> {
  if (worker.exitCode !== null || worker.signalCode !== null) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGKILL');
  await exited;
}

/** Polls `probe` until it answers something, or fails after `seconds`. */
export async function until<T>(probe: () => Promise<T | undefined>, what: string, seconds = 60): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
