import { type Db, cellCount, dequantize, nearestCell } from '@patentscout/db';
import { cellSampleSize, learnCells } from './learn-cells.js';
import { readPatentVectors, readVectorSample, writeCentroids, writePatentVectors } from './meaning-writes.js';

const PAGE = 5_000;

/**
 * Groups a large corpus's patent vectors in cells (ADR 0165): learns the centres from a sample of
 * the stored vectors, stores them (servers then read the vectors again), and rewrites every vector
 * with its cell. A corpus too small for cells keeps none. Answers the number of cells.
 */
export async function divideIntoCells(
  db: Db,
  patents: number,
  options: {
    onProgress?: (done: number, total: number) => void;
    signal?: AbortSignal;
    /** Tests ask for cells in a small corpus. */
    cells?: number;
  } = {},
): Promise<number> {
  const cells = options.cells ?? cellCount(patents);
  if (cells === 0) return 0;
  const sample = (await readVectorSample(db, cellSampleSize(cells))).map((bytes) => dequantize(bytes));
  const centroids = learnCells(sample, cells);
  await writeCentroids(db, centroids);
  let after = '';
  let done = 0;
  for (;;) {
    if (options.signal?.aborted) break;
    const page = await readPatentVectors(db, { after, limit: PAGE });
    if (page.length === 0) break;
    await writePatentVectors(
      db,
      page.map((row) => ({ ...row, cell: nearestCell(centroids, dequantize(row.vector)) })),
    );
    after = page[page.length - 1]!.lensId;
    done += page.length;
    options.onProgress?.(done, patents);
  }
  return centroids.length / 100;
}
