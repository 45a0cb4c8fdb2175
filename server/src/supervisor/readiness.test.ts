import { describe, expect, it } from 'vitest';
import { waitUntilReady } from './readiness.js';
import { StartFailure } from './start-failure.js';

describe('waiting for a part to answer', () => {
  it('says it still waits, then fails naming the part, the limit, the setting that raises it and the log', async () => {
    const lines: string[] = [];
    const wait = waitUntilReady({
      part: 'the Firebase Auth emulator',
      isReady: async () => false,
      timeoutMs: 1_000,
      progressEveryMs: 300,
      pollMs: 20,
      report: (line) => lines.push(line),
      logFile: '/tmp/patentscout/logs/auth-emulator.log',
    });
    await expect(wait).rejects.toBeInstanceOf(StartFailure);
    const failure = (await wait.catch((error: unknown) => error)) as StartFailure;
    expect(failure.message).toMatch(
      /^the Firebase Auth emulator could not start: it did not answer within 1 s/,
    );
    expect(failure.message).toContain('what to do: raise STARTUP_TIMEOUT_SECONDS (now 1) and start again');
    expect(failure.message).toContain('its log:    ');
    expect(failure.message).toContain('auth-emulator.log');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines[0]).toMatch(/^Waiting for the Firebase Auth emulator, \d+ s\.\.\./);
  });

  it('fails at once with the reason when the part stops while starting', async () => {
    const wait = waitUntilReady({
      part: 'PostgreSQL',
      isReady: async () => false,
      endedBecause: () => 'port 54329 is already in use by pid 42 (postgres -D /elsewhere)',
      timeoutMs: 60_000,
      report: () => undefined,
    });
    await expect(wait).rejects.toThrow(
      'PostgreSQL could not start: it stopped while starting: port 54329 is already in use by pid 42 (postgres -D /elsewhere)',
    );
  });

  it('answers as soon as the part is ready', async () => {
    let calls = 0;
    await waitUntilReady({
      part: 'x',
      isReady: async () => ++calls >= 3,
      timeoutMs: 5_000,
      pollMs: 10,
      report: () => undefined,
    });
    expect(calls).toBe(3);
  });
});
