import type { Worker } from 'node:worker_threads';
import { startModuleWorker } from '../../shared/module-worker.js';
import type { MapInput, MapLayout } from './map-layout.js';

/** Lays out maps in a worker thread (UMAP is CPU work that would stall every other request). */
export interface MapRunner {
  layout(families: MapInput[], query: string): Promise<MapLayout>;
  close(): Promise<void>;
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
      // An idle worker does not keep the server (or a test) from exiting.
      if (pending.size === 0) fresh.unref();
      if (answer.layout) task?.resolve(answer.layout);
      else task?.reject(new Error(answer.error ?? 'map layout failed'));
    });
    fresh.on('error', failAll);
    fresh.on('exit', () => failAll(new Error('map worker stopped')));
    worker = fresh;
    return fresh;
  }

  return {
    layout(families: MapInput[], query: string): Promise<MapLayout> {
      return new Promise((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { resolve, reject });
        const running = started();
        // A worker with work keeps the process alive; an idle one does not (unref above).
        running.ref();
        running.postMessage({ id, families, query });
      });
    },
    async close(): Promise<void> {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
