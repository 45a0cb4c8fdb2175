import { parentPort } from 'node:worker_threads';
import { runScan, type ScanTask } from './nearest.js';

/**
 * A scan thread (scan-pool.ts): runs what the server's thread asks, one request at a time, off
 * the thread that answers every request. `nearest` is the one kind so far; a sentence encoder
 * would be another kind here, its model loaded once per thread.
 */
export type ScanRequest = { id: number; kind: 'nearest'; task: ScanTask };

/** Found rows packed in typed arrays: cloned as two blocks of memory, not hundreds of objects. */
export type ScanReply =
  { id: number; positions: Int32Array; similarities: Float64Array } | { id: number; error: string };

const port = parentPort!;
port.on('message', (request: ScanRequest) => {
  try {
    const found = runScan(request.task);
    port.postMessage({
      id: request.id,
      positions: Int32Array.from(found, (entry) => entry.position),
      similarities: Float64Array.from(found, (entry) => entry.similarity),
    } satisfies ScanReply);
  } catch (error) {
    port.postMessage({ id: request.id, error: String(error) } satisfies ScanReply);
  }
});
