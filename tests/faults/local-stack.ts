import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { createWriteStream, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '@patentscout/server/config';
import { stopRemembered, type ProcessIdentity } from '@patentscout/server/supervisor/processes';
import { TEST_PORT_OFFSET } from '@patentscout/server/testing/constants';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PROJECT_ID = 'demo-patentscout-faults';

/**
 * The PORT_OFFSET of copy `n` of the app in this run: apart from every other test port (and
 * shifted by TEST_PORT_OFFSET like them), twenty apart per copy: the emulator takes its port + 1
 * and + 2, and at ten apart the emulator's + 2 of a run shifted by 3000 more met the Stripe
 * stand-in of another run's previous copy (12111 - 9099 = 3012).
 */
const portOffset = (n: number) => 200 + TEST_PORT_OFFSET + n * 20;

/** Where copy `n` keeps its data: the app's own default for its offset, in the repository's root. */
const dataDirOf = (n: number) => path.join(ROOT, `.data-${portOffset(n)}`);

/** The ports the app gives copy `n` from its offset (the app's own settings say where each part goes). */
export function stackPorts(n: number) {
  const config = loadConfig({ PORT_OFFSET: String(portOffset(n)) });
  if (config.database.mode !== 'embedded' || config.auth.mode !== 'emulator') {
    throw new Error('a copy started with only PORT_OFFSET runs the embedded parts');
  }
  return { web: config.http.port, postgres: config.database.port, emulator: config.auth.emulatorPort };
}

export interface LocalStack {
  baseUrl: string;
  ports: ReturnType<typeof stackPorts>;
  dataDir: string;
  child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** Resolves when it printed "Ready in", rejects when it exits first. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** SIGKILL to its leader and its whole process group: a crash, a closed terminal. */
  killGroup(): void;
  /** Ctrl-C, and its orderly stop. */
  stop(): Promise<number | null>;
}

/**
 * `npm start` as a user runs it, in a process group of its own: copy `n` is moved by its
 * PORT_OFFSET alone (every port and its data folder), as a second copy beside the first is.
 */
export function startStack(n: number, env: Record<string, string> = {}): LocalStack {
  const ports = stackPorts(n);
  const dataDir = dataDirOf(n);
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT_OFFSET: String(portOffset(n)),
      FIREBASE_PROJECT_ID: PROJECT_ID,
      DEMO_CORPUS_SIZE: '2000',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
      RATE_LIMIT_SEARCHES_PER_MINUTE: '10000',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let output = '';
  // Kept beside the data folder for a failure's post-mortem.
  const transcript = createWriteStream(`${dataDir}.out`, { flags: 'a' });
  const ready = new Promise<void>((resolve, reject) => {
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      transcript.write(chunk);
      if (/Ready in [\d.]+ s\./.test(output)) resolve();
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) =>
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output.slice(-4000)}`)),
    );
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    baseUrl: `http://127.0.0.1:${ports.web}`,
    ports,
    dataDir,
    child,
    output: () => output,
    ready,
    exited,
    killGroup: () => process.kill(-child.pid!, 'SIGKILL'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      const code = await exited;
      // npm, the group's leader, ends at once; the app goes on with its orderly stop (the
      // emulator's export, Postgres): wait for the whole group, as an operator would.
      await until(
        'the orderly stop to end',
        async () => (groupIsGone(child.pid!) ? true : undefined),
        90_000,
      );
      return code;
    },
  };
}

function groupIsGone(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return false;
  } catch {
    return true;
  }
}

/** The processes a copy's run file names now: the app's own first, then its parts'. */
export function rememberedProcesses(dataDir: string): ProcessIdentity[] {
  let run: { owner?: ProcessIdentity; parts?: Record<string, ProcessIdentity[]> };
  try {
    run = JSON.parse(readFileSync(path.join(dataDir, 'run.json'), 'utf8')) as typeof run;
  } catch {
    return [];
  }
  return [...(run.owner ? [run.owner] : []), ...Object.values(run.parts ?? {}).flat()];
}

/**
 * Ends what an earlier run of this copy left running (its run file names the processes, with
 * their start times): a wiped folder would no longer tell the next start what holds its ports.
 */
async function stopLeftovers(dataDir: string): Promise<void> {
  await stopRemembered(rememberedProcesses(dataDir), 2_000);
}

export async function wipeDataDir(n: number): Promise<void> {
  const dataDir = dataDirOf(n);
  await stopLeftovers(dataDir);
  await rm(dataDir, { recursive: true, force: true });
  await rm(`${dataDir}.out`, { force: true });
}

/** The embedded database of a copy (user and password as server/src/supervisor/embedded.ts sets them). */
export async function queryStack<T extends pg.QueryResultRow>(
  stack: LocalStack,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client(
    `postgres://postgres:patentscout@127.0.0.1:${stack.ports.postgres}/patentscout`,
  );
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The pids the copy's run file remembers for a part (DATA_DIR/run.json). */
export function rememberedPids(stack: LocalStack, part: string): number[] {
  const run = JSON.parse(readFileSync(path.join(stack.dataDir, 'run.json'), 'utf8')) as {
    parts: Record<string, Array<{ pid: number }>>;
  };
  return (run.parts[part] ?? []).map((entry) => entry.pid);
}

export async function until<T>(what: string, check: () => Promise<T | undefined>, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Asks again every `everyMs` without waiting for the answers before: one request that hangs on a
 * server dying under it (and is answered once the server is back) must not hide the outage from
 * the requests after it. Resolves with the first answer `wanted` accepts; every answer must pass
 * `allowed` (checked when it arrives).
 */
export async function firstOverlapping<T>(
  what: string,
  ask: () => Promise<T>,
  wanted: (answer: T) => boolean,
  allowed: (answer: T) => void,
  ms: number,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + ms;
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      outcome();
    };
    const probe = () => {
      if (Date.now() > deadline) {
        settle(() => reject(new Error(`timed out after ${ms / 1000} s waiting for ${what}`)));
        return;
      }
      ask().then(
        (answer) => {
          try {
            allowed(answer);
          } catch (error) {
            settle(() => reject(error));
            return;
          }
          if (wanted(answer)) settle(() => resolve(answer));
        },
        () => undefined,
      );
    };
    const timer = setInterval(probe, everyMs);
    probe();
  });
}

export async function readyz(stack: LocalStack): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.baseUrl}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Until every part answers (a part restarted by an earlier test may still be coming back). */
export async function untilHealthy(stack: LocalStack, ms = 300_000): Promise<void> {
  await until(
    '/readyz to answer 200',
    async () => ((await readyz(stack)).status === 200 ? true : undefined),
    ms,
  );
}

/** Busy loops end by themselves after this, should the run that started them die first. */
const BUSY_LOOP_LIMIT_MS = 10 * 60_000;

/**
 * `perCore` busy loops for every core until killed, each a process in a session of its own, as
 * other people's programs are: the kernel shares the cores between sessions (autogroups) before
 * threads, so loops in one process took at most half of them from the app.
 */
export function busyLoops(perCore = 1): { kill(): void } {
  const loop = `const end = Date.now() + ${BUSY_LOOP_LIMIT_MS}; while (Date.now() < end);`;
  const loops = Array.from({ length: os.availableParallelism() * perCore }, () =>
    spawn(process.execPath, ['-e', loop], { stdio: 'ignore', detached: true }),
  );
  return {
    kill: () => {
      for (const loop of loops) loop.kill('SIGKILL');
    },
  };
}
