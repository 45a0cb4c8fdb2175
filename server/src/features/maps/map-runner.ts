import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../shared/module-worker.js';
import type { MapInput, MapLayout } from './map-layout.js';

/** Lays out maps in a worker thread (UMAP is CPU work that would stall every other request). */
export interface MapRunner {
  layout(families: MapInput[], query: string): Promise<MapLayout>;
  /**
   * Starts the thread ahead of the first map and lays out a small one in it, so that the first
   * real map finds UMAP's code compiled and costs what any other does (docs/benchmarks.md,
   * 2026-11-30).
   */
  warm(): void;
  close(): Promise<void>;
}

/** A small answer of four themes, laid out once to warm the thread; its layout is not kept. */
function warmUpFamilies(): MapInput[] {
  return Array.from({ length: 40 }, (_, index) => ({
    lensId: `warm-up-${index}`,
    vector: Int8Array.from({ length: 100 }, (_, dimension) =>
      Math.round((dimension % 4 === index % 4 ? 60 : 0) + 30 * Math.sin(index * 7.3 + dimension)),
    ),
    text: `theme${index % 4} device`,
  }));
}

export function createMapRunner(): MapRunner {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (layout: MapLayout) => void; reject: (error: Error) => void }>();

  function failAll(error: Error) {
    for (const task of pending.values()) task.reject(error);
    pending.clear();
    worker = undefined;
  }

  function started(): Worker {
    if (worker) return worker;
    const fresh = startModuleWorker(import.meta.url, 'map-worker');
    fresh.on('message', (answer: { id: number; layout?: MapLayout; error?: string }) => {
      const task = pending.get(answer.id);
      pending.delete(answer.id);
      holdWhileBusy(fresh);
      if (answer.layout) task?.resolve(answer.layout);
      else task?.reject(new Error(answer.error ?? 'map layout failed'));
    });
    fresh.on('error', failAll);
    fresh.on('exit', () => failAll(new Error('map worker stopped')));
    worker = fresh;
    return fresh;
  }

  /** Keeps the process alive while the worker has work, and only then (an idle one never does). */
  function holdWhileBusy(running: Worker) {
    if (pending.size > 0) running.ref();
    else running.unref();
  }

  function post(families: MapInput[], query: string): Promise<MapLayout> {
    return new Promise((resolve, reject) => {
      const id = (nextId += 1);
      pending.set(id, { resolve, reject });
      const running = started();
      holdWhileBusy(running);
      running.postMessage({ id, families, query });
    });
  }

  return {
    layout: post,
    warm() {
      // A failed warm-up is not an error: the first map would start the thread again.
      post(warmUpFamilies(), 'device').catch(() => undefined);
    },
    async close(): Promise<void> {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
