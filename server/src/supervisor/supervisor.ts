import type { Logger } from '../shared/logger.js';
import type { ProcessIdentity } from './processes.js';
import type { RunFile } from './run-file.js';

/** A started part: how to stop it, when it ends by itself, and its processes for the run file. */
export interface RunningPart {
  /** Settles when the part ends without being asked to (a crash, a kill): says how it ended. */
  ended: Promise<string>;
  /** Its processes (none for a server inside this process). */
  processes(): ProcessIdentity[];
  stop(): Promise<void>;
}

export interface PartSpec<T extends RunningPart> {
  /** "PostgreSQL", "the Firebase Auth emulator": said in logs, /readyz and failures. */
  name: string;
  start(): Promise<T>;
}

export type PartState = 'running' | 'restarting' | 'stopped';

export interface PartStatus {
  state: PartState;
  /** Restarts since `npm start` began. */
  restarts: number;
  /** How it last ended, while restarting. */
  lastEnd?: string;
  since: number;
}

/** The first wait before a restart, doubled after each failed try, up to the longest. */
export const RESTART_BACKOFF = { firstMs: 500, longestMs: 30_000 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Keeps the embedded parts running: starts each (its own readiness wait), remembers its
 * processes in the run file, and when one ends by itself restarts it with a growing wait
 * (0.5 s, 1 s, 2 s ... 30 s), logging each step. `status()` feeds /readyz; `stop()` stops them in
 * reverse order and restarts nothing after.
 */
export class Supervisor {
  private readonly parts: Array<{ name: string; current: () => RunningPart; status: PartStatus }> = [];
  private stopping = false;

  constructor(
    private readonly options: {
      logger: Logger;
      runFile?: RunFile;
      backoff?: { firstMs: number; longestMs: number };
    },
  ) {}

  /** Starts a part (a failed first start throws) and watches it from then on. */
  async run<T extends RunningPart>(spec: PartSpec<T>): Promise<{ current(): T }> {
    let current = await spec.start();
    const status: PartStatus = { state: 'running', restarts: 0, since: Date.now() };
    this.options.runFile?.remember(spec.name, current.processes());
    this.parts.push({ name: spec.name, current: () => current, status });
    const watch = (part: T) => {
      void part.ended.then(async (how) => {
        if (this.stopping || part !== current) return;
        status.state = 'restarting';
        status.lastEnd = how;
        status.since = Date.now();
        current = await this.restart(spec, status);
        if (current) watch(current);
      });
    };
    watch(current);
    return { current: () => current };
  }

  private async restart<T extends RunningPart>(spec: PartSpec<T>, status: PartStatus): Promise<T> {
    const { logger } = this.options;
    const backoff = this.options.backoff ?? RESTART_BACKOFF;
    let waitMs = backoff.firstMs;
    for (let attempt = 1; ; attempt++) {
      logger.warn(
        { part: spec.name, attempt, ended: status.lastEnd },
        `${spec.name} stopped unexpectedly (${status.lastEnd}); restarting in ${waitMs / 1000} s (attempt ${attempt})`,
      );
      await sleep(waitMs);
      if (this.stopping) return new Promise<T>(() => undefined);
      try {
        const started = await spec.start();
        if (this.stopping) {
          await started.stop();
          return new Promise<T>(() => undefined);
        }
        status.restarts += 1;
        status.state = 'running';
        status.lastEnd = undefined;
        logger.info(
          { part: spec.name, restarts: status.restarts },
          `${spec.name} is running again (down ${((Date.now() - status.since) / 1000).toFixed(1)} s)`,
        );
        status.since = Date.now();
        this.options.runFile?.remember(spec.name, started.processes());
        return started;
      } catch (error) {
        logger.error({ err: error, part: spec.name }, `${spec.name} did not restart`);
        waitMs = Math.min(waitMs * 2, backoff.longestMs);
      }
    }
  }

  /** Every part's state, by name. */
  status(): Record<string, PartStatus> {
    return Object.fromEntries(this.parts.map((part) => [part.name, { ...part.status }]));
  }

  /** True while a part with this name is being restarted (its callers get 503, not 500). */
  isRestarting(name: string): boolean {
    return this.parts.some((part) => part.name === name && part.status.state === 'restarting');
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const part of [...this.parts].reverse()) {
      part.status.state = 'stopped';
      await part.current().stop();
    }
  }
}
