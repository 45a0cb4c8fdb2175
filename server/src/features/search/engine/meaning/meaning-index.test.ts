import { describe, expect, it } from 'vitest';
import { DIMENSIONS, type Db } from '@patentscout/db';
import { MEANING_INDEX } from '../plan.js';
import { createMeaningIndex } from './meaning-index.js';
import type { ScanTask } from './nearest.js';
import type { ScanPool } from './scan-pool.js';

describe('the meaning index', () => {
  it('hands every nearest-patent scan to its scan threads, never scanning on the calling thread', async () => {
    const asked: ScanTask[] = [];
    let closed = false;
    const threads: ScanPool = {
      scan: (task) => {
        asked.push(task);
        return Promise.resolve([]);
      },
      close: () => {
        closed = true;
        return Promise.resolve();
      },
    };
    // No database: the index's first read fails (and is tried again later); its table is empty.
    const index = createMeaningIndex({} as Db, MEANING_INDEX, undefined, threads);
    const query = new Float32Array(DIMENSIONS).fill(0.1);
    expect(await index.nearest(query, 7)).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ rows: 0, count: 7, query });
    expect(asked[0]!.matrix.buffer).toBeInstanceOf(SharedArrayBuffer);
    await index.close();
    expect(closed).toBe(true);
  });
});
