import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { identify, isStillRunning, stopRemembered, type ProcessIdentity } from './processes.js';

/** What `npm start` keeps in DATA_DIR while it runs: itself and every process it started. */
const ProcessSchema = z.object({
  pid: z.number().int().positive(),
  startTime: z.string(),
  command: z.string(),
});
const RunSchema = z.object({
  owner: ProcessSchema,
  startedAt: z.string(),
  parts: z.record(z.string(), z.array(ProcessSchema)),
});
type Run = z.infer<typeof RunSchema>;

export const RUN_FILE_NAME = 'run.json';

/** A leftover Auth emulator exports its accounts when asked to stop: time for that before SIGKILL. */
const LEFTOVER_GRACE_MS = 20_000;

export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: ProcessIdentity, startedAt: string) {
    super(
      `Another copy of the app is already running on the data folder ${path.relative(process.cwd(), dataDir) || dataDir} ` +
        `(pid ${owner.pid}, started ${startedAt}).\n` +
        `  what to do: stop it first (Ctrl-C in its terminal, or kill ${owner.pid}), or give this copy its own ` +
        'DATA_DIR and ports; PORT_OFFSET=10 moves both (docs/operations.md, "Two copies side by side").',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface RunFile {
  /** Remembers the processes of a part (replacing those of its last start). */
  remember(part: string, processes: ProcessIdentity[]): void;
  /** After an orderly stop: nothing is left behind, the folder is free. */
  release(): void;
}

function readRun(file: string): Run | undefined {
  try {
    const parsed = RunSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function writeRun(file: string, run: Run): void {
  // A rename replaces the file whole: a crash never leaves half a file for the next start to read.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(run, null, 2)}\n`);
  renameSync(temporary, file);
}

/**
 * Takes `dataDir` for this process: refuses when a live copy of the app holds it, and stops
 * exactly what a crashed run left behind (the processes its run file names, still running with
 * the same pid and start time), nothing else.
 */
export async function claimDataDir(dataDir: string, report: (line: string) => void): Promise<RunFile> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, RUN_FILE_NAME);
  const owner = identify(process.pid) ?? {
    pid: process.pid,
    startTime: 'unknown',
    command: process.argv.join(' '),
  };
  const previous = existsSync(file) ? readRun(file) : undefined;
  if (previous && previous.owner.pid !== process.pid && isStillRunning(previous.owner)) {
    throw new DataDirInUseError(dataDir, previous.owner, previous.startedAt);
  }
  if (previous) {
    const leftovers = Object.entries(previous.parts).filter(([, processes]) =>
      processes.some(isStillRunning),
    );
    for (const [part, processes] of leftovers) {
      const stopped = await stopRemembered(processes, LEFTOVER_GRACE_MS);
      if (stopped.length > 0)
        report(
          `Stopped ${part} that the last run left behind (it did not stop cleanly): pid ${stopped.map((entry) => entry.pid).join(', ')}.`,
        );
    }
  }
  const run: Run = { owner, startedAt: new Date().toISOString(), parts: {} };
  writeRun(file, run);
  return {
    remember(part, processes) {
      run.parts[part] = processes;
      writeRun(file, run);
    },
    release() {
      if (readRun(file)?.owner.pid === process.pid) rmSync(file, { force: true });
    },
  };
}
