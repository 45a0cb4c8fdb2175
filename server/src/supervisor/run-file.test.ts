import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { identify, isStillRunning, type ProcessIdentity } from './processes.js';
import { claimDataDir, DataDirInUseError, RUN_FILE_NAME } from './run-file.js';

let dataDir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'patentscout-run-file-'));
});
afterEach(async () => {
  children.splice(0).forEach((child) => child.kill('SIGKILL'));
  await rm(dataDir, { recursive: true, force: true });
});

/** A process in a group of its own, as the Auth emulator runs. */
async function startOrphanLike(): Promise<ProcessIdentity> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
    stdio: 'ignore',
    detached: true,
  });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return identify(child.pid!)!;
}

/** The identity a process had, once it has exited (a crashed `npm start`). */
async function exitedProcess(): Promise<ProcessIdentity> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 200)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  const identity = identify(child.pid!)!;
  await new Promise((resolve) => child.once('exit', resolve));
  return identity;
}

const writeRunFile = (owner: ProcessIdentity, parts: Record<string, ProcessIdentity[]>) =>
  writeFileSync(
    path.join(dataDir, RUN_FILE_NAME),
    JSON.stringify({ owner, startedAt: '2026-11-25T10:00:00.000Z', parts }),
  );

describe('the run file in DATA_DIR', () => {
  it('names this process and what it started, and is gone after an orderly stop', async () => {
    const lines: string[] = [];
    const run = await claimDataDir(dataDir, (line) => lines.push(line));
    const emulator = await startOrphanLike();
    run.remember('the Firebase Auth emulator', [emulator]);
    const written = JSON.parse(readFileSync(path.join(dataDir, RUN_FILE_NAME), 'utf8'));
    expect(written.owner.pid).toBe(process.pid);
    expect(written.parts['the Firebase Auth emulator']).toEqual([emulator]);
    expect(lines).toEqual([]);
    run.release();
    expect(existsSync(path.join(dataDir, RUN_FILE_NAME))).toBe(false);
  });

  it('refuses a second start while the copy that holds the folder runs', async () => {
    const holder = await startOrphanLike();
    writeRunFile(holder, {});
    const claim = claimDataDir(dataDir, () => undefined);
    await expect(claim).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(claim).rejects.toThrow(
      new RegExp(
        `already running on the data folder .*\\(pid ${holder.pid}, started 2026-11-25T10:00:00.000Z\\)[\\s\\S]*DATA_DIR and ports`,
      ),
    );
    expect(isStillRunning(holder)).toBe(true);
  });

  it('stops exactly what a crashed run left behind, and nothing that merely reuses a pid', async () => {
    const crashed = await exitedProcess();
    const leftover = await startOrphanLike();
    const bystander = await startOrphanLike();
    // The bystander's pid with another start time: a process that is not the one remembered.
    writeRunFile(crashed, {
      'the Firebase Auth emulator': [leftover],
      PostgreSQL: [{ ...bystander, startTime: '1' }],
    });
    const lines: string[] = [];
    const run = await claimDataDir(dataDir, (line) => lines.push(line));
    expect(isStillRunning(leftover)).toBe(false);
    expect(isStillRunning(bystander)).toBe(true);
    expect(lines).toEqual([
      `Stopped the Firebase Auth emulator that the last run left behind (it did not stop cleanly): pid ${leftover.pid}.`,
    ]);
    run.release();
  });
});
