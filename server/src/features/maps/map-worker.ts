import { parentPort } from 'node:worker_threads';
import { layoutMap, type MapInput } from './map-layout.js';

/** The map's worker thread: lays out one answer at a time, off the request thread. */
parentPort!.on('message', (task: { id: number; families: MapInput[]; query: string }) => {
  try {
    parentPort!.postMessage({ id: task.id, layout: layoutMap(task.families, task.query) });
  } catch (error) {
    parentPort!.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
