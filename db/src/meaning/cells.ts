import { DIMENSIONS } from './vectors.js';

/**
 * Cells (ADR 0165): a large corpus's unit vectors are grouped around centres (spherical k-means,
 * learned by the indexer) so that a search compares its vector with the centres first and then
 * reads only the patents of the nearest cells. The arithmetic both sides share is here.
 */

/** Below this many patents every vector is read (a few milliseconds); above, cells pay. */
export const CELLS_FROM_PATENTS = 100_000;

/** How many cells a corpus of `patents` gets: about the square root over two, 0 for a small one. */
export function cellCount(patents: number): number {
  if (patents < CELLS_FROM_PATENTS) return 0;
  return Math.min(1_024, Math.max(64, Math.round(Math.sqrt(patents) / 2)));
}

/** The cosine similarity of a unit vector to each of the centres (`centroids`: cells x 100 floats). */
export function cellSimilarities(centroids: Float32Array, vector: ArrayLike<number>): Float32Array {
  const cells = centroids.length / DIMENSIONS;
  const similarities = new Float32Array(cells);
  for (let cell = 0; cell < cells; cell += 1) {
    let sum = 0;
    const offset = cell * DIMENSIONS;
    for (let index = 0; index < DIMENSIONS; index += 1) sum += centroids[offset + index]! * vector[index]!;
    similarities[cell] = sum;
  }
  return similarities;
}

/** The cell whose centre is nearest to the vector. */
export function nearestCell(centroids: Float32Array, vector: ArrayLike<number>): number {
  const similarities = cellSimilarities(centroids, vector);
  let best = 0;
  for (let cell = 1; cell < similarities.length; cell += 1)
    if (similarities[cell]! > similarities[best]!) best = cell;
  return best;
}

/** The `count` cells nearest to the vector, nearest first. */
export function nearestCells(centroids: Float32Array, vector: ArrayLike<number>, count: number): number[] {
  const similarities = cellSimilarities(centroids, vector);
  return Array.from(similarities.keys())
    .sort((left, right) => similarities[right]! - similarities[left]!)
    .slice(0, count);
}
