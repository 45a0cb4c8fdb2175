import { DIMENSIONS } from '@patentscout/db';

/** A row of a vector matrix and its cosine similarity to the query. */
export interface Nearest {
  position: number;
  lensId?: string;
  similarity: number;
}

/**
 * The `count` rows of `matrix` (`rows` x 100 signed bytes, each a unit vector times 127) most
 * similar to the unit `query`, most similar first: one pass over every row, the best kept in a
 * sorted list (a few hundred; most rows fall below its last at once).
 */
export function nearestRows(matrix: Int8Array, rows: number, query: Float32Array, count: number): Nearest[] {
  const best: Nearest[] = [];
  let threshold = -Infinity;
  for (let row = 0; row < rows; row += 1) {
    const offset = row * DIMENSIONS;
    let sum = 0;
    for (let index = 0; index < DIMENSIONS; index += 1) sum += matrix[offset + index]! * query[index]!;
    const similarity = sum / 127;
    if (best.length >= count && similarity <= threshold) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.similarity < similarity) at -= 1;
    best.splice(at, 0, { position: row, similarity });
    if (best.length > count) best.pop();
    if (best.length >= count) threshold = best[best.length - 1]!.similarity;
  }
  return best;
}
