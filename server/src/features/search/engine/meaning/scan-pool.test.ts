import { afterEach, describe, expect, it } from 'vitest';
import { DIMENSIONS, normalize, quantize } from '@patentscout/db';
import { runScan, type ScanTask } from './nearest.js';
import { createScanPool, type ScanPool } from './scan-pool.js';

/** `rows` deterministic unit vectors in shared memory, as the vector table keeps them. */
function sharedMatrix(rows: number): Int8Array {
  const matrix = new Int8Array(new SharedArrayBuffer(rows * DIMENSIONS));
  const vector = new Float32Array(DIMENSIONS);
  for (let row = 0; row < rows; row += 1) {
    for (let at = 0; at < DIMENSIONS; at += 1) vector[at] = Math.sin(row * 7.3 + at * 1.9);
    matrix.set(quantize(normalize(vector)), row * DIMENSIONS);
  }
  return matrix;
}

const query = normalize(Float32Array.from({ length: DIMENSIONS }, (_, at) => Math.cos(at)));
// Big enough that a scan takes many turns of the event loop: a reply cannot beat an immediate.
const large: ScanTask = { matrix: sharedMatrix(300_000), rows: 300_000, query, count: 200 };

let pool: ScanPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the scan threads', () => {
  it('find what a scan on this thread finds', async () => {
    pool = createScanPool(2);
    const small: ScanTask = { ...large, rows: 5_000, count: 50 };
    const cells: ScanTask = {
      ...small,
      cells: {
        lists: [Int32Array.of(1, 2, 3, 40, 41), Int32Array.of(7, 8, 9, 900)],
        chosen: Int32Array.of(-1, 3),
        cellOf: new Int32Array(new SharedArrayBuffer(5_000 * 4)).fill(-1),
        stale: true,
      },
    };
    cells.cells!.cellOf.fill(3, 7, 10);
    expect(await pool.scan(small)).toEqual(runScan(small));
    expect(await Promise.all([pool.scan(cells), pool.scan(small)])).toEqual([runScan(cells), runScan(small)]);
    // Entries 900 (in no chosen cell now) is stale; 1..41 are in no cell: read.
    expect((await pool.scan(cells)).map((entry) => entry.position).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 7, 8, 9, 40, 41,
    ]);
  });

  it('leave this thread free while a long scan runs', async () => {
    pool = createScanPool(1);
    await pool.scan({ ...large, rows: 10 }); // the thread started
    const order: string[] = [];
    const scanning = pool.scan(large).then(() => order.push('scan'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('immediate');
    await scanning;
    expect(order).toEqual(['immediate', 'scan']);
  });

  it('scan on this thread once closed, so that nothing waits on a stopped thread', async () => {
    pool = createScanPool(1);
    const running = pool.scan(large);
    await pool.close();
    expect(await running).toEqual(runScan(large));
    const order: string[] = [];
    const after = pool.scan({ ...large, rows: 10 }).then(() => order.push('scan'));
    await new Promise<void>((resolve) => setImmediate(resolve));
    order.push('immediate');
    await after;
    expect(order).toEqual(['scan', 'immediate']);
  });
});
