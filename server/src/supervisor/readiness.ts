import os from 'node:os';
import { StartFailure } from './start-failure.js';

/** The setting that raises every readiness limit (config.ts reads it). */
export const STARTUP_TIMEOUT_SETTING = 'STARTUP_TIMEOUT_SECONDS';

/** How often a wait says it is still waiting. */
const PROGRESS_EVERY_MS = 10_000;

/** The cores' busy and total time so far (os.cpus()), to compare with the next sample. */
function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

let lastSample = cpuTimes();

/** Above this share of the cores' time in use, a slow start is the machine's, not ours. */
const BUSY_SHARE = 0.85;

/**
 * "its 2 cores were 97 % in use since the last look, load 4.1" when the machine has little room
 * left (other programs, or our own parts starting), else undefined.
 */
export function busyMachine(): string | undefined {
  const now = cpuTimes();
  const total = now.total - lastSample.total;
  const share = total > 0 ? (now.busy - lastSample.busy) / total : 0;
  lastSample = now;
  const cores = os.availableParallelism();
  const load = os.loadavg()[0] ?? 0;
  if (share < BUSY_SHARE && load <= cores) return undefined;
  return `its ${cores} cores were ${Math.round(share * 100)} % in use, load ${load.toFixed(1)}`;
}

export interface ReadinessWait {
  /** "the Firebase Auth emulator (Java)": said in progress lines and failures. */
  part: string;
  /** True once the part answers. */
  isReady(): Promise<boolean>;
  /** Why the process ended while starting (an exit code and its last words); undefined while it runs. */
  endedBecause?(): string | undefined;
  timeoutMs: number;
  report(line: string): void;
  logFile?: string;
  pollMs?: number;
  progressEveryMs?: number;
}

/**
 * Waits until a part answers, saying every ten seconds that it still waits (and that the
 * machine is busy, when it is), up to a limit the operator can raise. Throws a StartFailure that
 * names the part, what happened, what to do and its log.
 */
export async function waitUntilReady(wait: ReadinessWait): Promise<void> {
  const started = Date.now();
  const every = wait.progressEveryMs ?? PROGRESS_EVERY_MS;
  let nextProgress = started + every;
  for (;;) {
    const ended = wait.endedBecause?.();
    if (ended !== undefined) {
      throw new StartFailure(
        wait.part,
        `it stopped while starting: ${ended}`,
        'read its log below; a port in use is named there (EADDRINUSE)',
        wait.logFile,
      );
    }
    if (await wait.isReady().catch(() => false)) return;
    const now = Date.now();
    if (now - started >= wait.timeoutMs) {
      const busy = busyMachine();
      throw new StartFailure(
        wait.part,
        `it did not answer within ${Math.round(wait.timeoutMs / 1000)} s${busy ? ` (the machine is busy: ${busy})` : ''}`,
        `raise ${STARTUP_TIMEOUT_SETTING} (now ${Math.round(wait.timeoutMs / 1000)}) and start again`,
        wait.logFile,
      );
    }
    if (now >= nextProgress) {
      const busy = busyMachine();
      wait.report(
        `Waiting for ${wait.part}, ${Math.round((now - started) / 1000)} s...` +
          (busy ? ` (the machine is busy: ${busy})` : ''),
      );
      nextProgress += every;
    }
    await new Promise((resolve) => setTimeout(resolve, wait.pollMs ?? 250));
  }
}

/** The readiness limit where no setting gives one (tests' own parts): generous, as a slow machine needs. */
export const DEFAULT_READY_TIMEOUT_MS = 300_000;
