import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../shared/logger.js';
import { identify, isStillRunning } from './processes.js';
import { Supervisor, type RunningPart } from './supervisor.js';

const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((child) => child.kill('SIGKILL')));

/** A real process standing in for an embedded part: it runs until killed. */
async function startIdleProcess(): Promise<RunningPart & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  let stopping = false;
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(signal ? `killed by ${signal}` : `exit code ${code}`);
    }),
  );
  const identity = identify(child.pid!)!;
  return {
    pid: child.pid!,
    ended,
    processes: () => [identity],
    stop: async () => {
      stopping = true;
      child.kill('SIGTERM');
    },
  };
}

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the supervisor', () => {
  it('restarts a part that ends by itself, says so in its status, and remembers the new process', async () => {
    const remembered: number[][] = [];
    const supervisor = new Supervisor({
      logger: createLogger('silent'),
      backoff: { firstMs: 100, longestMs: 400 },
      runFile: {
        remember: (_part, processes) => remembered.push(processes.map((entry) => entry.pid)),
        release: () => undefined,
      },
    });
    const part = await supervisor.run({ name: 'the stand-in', start: startIdleProcess });
    const first = part.current().pid;
    expect(supervisor.status()['the stand-in']).toMatchObject({ state: 'running', restarts: 0 });

    process.kill(first, 'SIGKILL');
    await until(() => supervisor.isRestarting('the stand-in'));
    expect(supervisor.status()['the stand-in']).toMatchObject({
      state: 'restarting',
      lastEnd: 'killed by SIGKILL',
    });
    await until(() => supervisor.status()['the stand-in']!.state === 'running');
    const second = part.current().pid;
    expect(second).not.toBe(first);
    expect(supervisor.status()['the stand-in']!.restarts).toBe(1);
    expect(remembered).toEqual([[first], [second]]);

    await supervisor.stop();
    await until(() => !isStillRunning(identify(second) ?? { pid: second, startTime: 'gone', command: '' }));
    expect(supervisor.status()['the stand-in']!.state).toBe('stopped');
  });

  it('waits longer after each failed restart (backoff) and keeps trying', async () => {
    const attempts: number[] = [];
    let failuresLeft = 2;
    const supervisor = new Supervisor({
      logger: createLogger('silent'),
      backoff: { firstMs: 100, longestMs: 1_000 },
    });
    const part = await supervisor.run({
      name: 'the flaky part',
      start: async () => {
        attempts.push(Date.now());
        if (attempts.length > 1 && failuresLeft-- > 0) throw new Error('not yet');
        return startIdleProcess();
      },
    });
    process.kill(part.current().pid, 'SIGKILL');
    await until(() => attempts.length === 4 && supervisor.status()['the flaky part']!.state === 'running');
    const gaps = attempts.slice(1).map((time, index) => time - attempts[index]!);
    // 100 ms before the first restart, then 200 ms, then 400 ms.
    expect(gaps[1]!).toBeGreaterThanOrEqual(190);
    expect(gaps[2]!).toBeGreaterThanOrEqual(390);
    await supervisor.stop();
  });
});
