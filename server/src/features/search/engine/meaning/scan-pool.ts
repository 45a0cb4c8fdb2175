import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../../../shared/module-worker.js';
import { runScan, type Nearest, type ScanTask } from './nearest.js';
import type { ScanReply, ScanRequest } from './scan-worker.js';

/**
 * Scan threads (ADR 0176): nearest-patent scans run there, so that a scan never holds up the
 * requests the server's thread answers meanwhile. The table they read lies in shared memory.
 */
export interface ScanPool {
  /** The task's nearest rows, nearest first, as `runScan` finds them. */
  scan(task: ScanTask): Promise<Nearest[]>;
  /** Stops the threads; scans asked for afterwards run on the caller's thread. */
  close(): Promise<void>;
}

/** One thread per core but one (the server's own), four at most: a scan is short, memory bound. */
export const defaultScanThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/** A worker that fails this many times in a row (a missing script) leaves scans to the caller's thread. */
const FAILURES_BEFORE_INLINE = 3;

type Job = { request: ScanRequest; resolve: (found: Nearest[]) => void; reject: (error: Error) => void };
type Slot = { worker: Worker; job: Job | null };

/** `threads` scan threads, started at once; none (0) runs every scan on the caller's thread. */
export function createScanPool(threads: number): ScanPool {
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let failures = 0;
  let closed = threads === 0;

  const pump = () => {
    for (const slot of slots) {
      if (slot.job) continue;
      const job = queue.shift();
      if (!job) return;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  };

  const inline = (job: Job) => {
    try {
      job.resolve(runScan(job.request.task));
    } catch (error) {
      job.reject(error as Error);
    }
  };

  const start = (): void => {
    let slot: Slot;
    try {
      slot = { worker: startModuleWorker(import.meta.url, 'scan-worker'), job: null };
    } catch {
      // A worker that cannot start (a runtime without its loader): scans stay on this thread.
      return;
    }
    slots.push(slot);
    // A scan thread never keeps the process alive: the engine's close() stops it, and a test
    // that forgot to close one still ends.
    slot.worker.unref();
    slot.worker.on('message', (reply: ScanReply) => {
      failures = 0;
      const job = slot.job;
      slot.job = null;
      if (job && job.request.id === reply.id) {
        if ('error' in reply) job.reject(new Error(reply.error));
        else
          job.resolve(
            Array.from(reply.positions, (position, at) => ({
              position,
              similarity: reply.similarities[at]!,
            })),
          );
      }
      pump();
    });
    const lost = () => {
      const at = slots.indexOf(slot);
      if (at < 0) return;
      slots.splice(at, 1);
      if (slot.job) queue.unshift(slot.job);
      failures += 1;
      if (closed) return;
      if (failures < FAILURES_BEFORE_INLINE) start();
      if (slots.length === 0) queue.splice(0).forEach(inline);
      else pump();
    };
    slot.worker.on('error', lost);
    slot.worker.on('exit', lost);
  };

  for (let index = 0; index < threads; index += 1) start();

  return {
    scan: (task) =>
      new Promise<Nearest[]>((resolve, reject) => {
        const job: Job = { request: { id: (nextId += 1), kind: 'nearest', task }, resolve, reject };
        if (closed || slots.length === 0) return inline(job);
        queue.push(job);
        pump();
      }),
    async close() {
      closed = true;
      const stopping = slots.splice(0);
      await Promise.all(stopping.map((slot) => slot.worker.terminate()));
      for (const slot of stopping) if (slot.job) queue.unshift(slot.job);
      queue.splice(0).forEach(inline);
    },
  };
}
