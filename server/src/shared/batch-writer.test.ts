import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchWriter } from './batch-writer.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the batch writer', () => {
  it('writes what was queued in one turn of the event loop together, and settles once it is written', async () => {
    const batches: number[][] = [];
    const writer = createBatchWriter<number>({
      write: async (batch) => {
        batches.push(batch);
      },
      onError: () => undefined,
    });
    for (const item of [1, 2, 3]) writer.queue(item);
    expect(batches).toEqual([]);
    await writer.settled();
    expect(batches).toEqual([[1, 2, 3]]);
    writer.queue(4);
    await writer.settled();
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('writes at most 64 items a statement', async () => {
    const sizes: number[] = [];
    const writer = createBatchWriter<number>({
      write: async (batch) => {
        sizes.push(batch.length);
      },
      onError: () => undefined,
    });
    for (let item = 0; item < 100; item += 1) writer.queue(item);
    await writer.settled();
    expect(sizes).toEqual([64, 36]);
  });

  it('tries a failed batch again, and reports it lost after five failures without stopping later batches', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    let failures = 0;
    const written: number[][] = [];
    const lost: number[] = [];
    const writer = createBatchWriter<number>({
      write: async (batch) => {
        if (batch.includes(1)) {
          failures += 1;
          throw new Error('database down');
        }
        written.push(batch);
      },
      onError: (_error, count) => lost.push(count),
    });
    writer.queue(1);
    writer.queue(2);
    const settled = writer.settled();
    await vi.advanceTimersByTimeAsync(5_000);
    await settled;
    expect(failures).toBe(5);
    expect(lost).toEqual([2]);
    writer.queue(3);
    await writer.settled();
    expect(written).toEqual([[3]]);
  });
});
