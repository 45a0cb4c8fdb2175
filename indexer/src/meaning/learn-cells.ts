import { DIMENSIONS, nearestCell, normalize, seededRandom } from '@patentscout/db';

/** Sample vectors per cell the centres are learned from, and the rounds of k-means. */
const SAMPLE_PER_CELL = 32;
const ROUNDS = 10;

export const cellSampleSize = (cells: number): number => cells * SAMPLE_PER_CELL;

/**
 * Starting centres chosen as k-means++ does: each next one drawn with a chance that grows with
 * its distance from the centres already chosen, so the groups of the sample each get one.
 */
function spreadCentres(sample: readonly Float32Array[], count: number): Float32Array {
  const random = seededRandom(count * 7919 + sample.length);
  const centroids = new Float32Array(count * DIMENSIONS);
  const distance = new Float64Array(sample.length).fill(Infinity);
  let chosen = Math.floor(random() * sample.length);
  for (let cell = 0; cell < count; cell += 1) {
    const centre = sample[chosen]!;
    centroids.set(centre, cell * DIMENSIONS);
    let total = 0;
    sample.forEach((vector, index) => {
      let similarity = 0;
      for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
        similarity += vector[dimension]! * centre[dimension]!;
      // The squared chord between unit vectors: 2 - 2 cos.
      distance[index] = Math.min(distance[index]!, Math.max(0, 2 - 2 * similarity));
      total += distance[index]!;
    });
    let target = random() * total;
    chosen = sample.length - 1;
    for (let index = 0; index < sample.length; index += 1) {
      target -= distance[index]!;
      if (target <= 0) {
        chosen = index;
        break;
      }
    }
  }
  return centroids;
}

/**
 * The centres of `cells` cells for unit vectors (ADR 0165): spherical k-means over the sample,
 * started as k-means++ does (seeded, so deterministic), each centre the normalised mean of its
 * members; a centre left without members keeps its place.
 */
export function learnCells(sample: readonly Float32Array[], cells: number): Float32Array {
  const count = Math.min(cells, sample.length);
  const centroids = spreadCentres(sample, count);
  const assigned = new Int32Array(sample.length).fill(-1);
  for (let round = 0; round < ROUNDS; round += 1) {
    let moved = 0;
    sample.forEach((vector, index) => {
      const cell = nearestCell(centroids, vector);
      if (assigned[index] !== cell) moved += 1;
      assigned[index] = cell;
    });
    if (moved === 0) break;
    const sums = new Float32Array(count * DIMENSIONS);
    const members = new Int32Array(count);
    sample.forEach((vector, index) => {
      const offset = assigned[index]! * DIMENSIONS;
      members[assigned[index]!]! += 1;
      for (let dimension = 0; dimension < DIMENSIONS; dimension += 1)
        sums[offset + dimension]! += vector[dimension]!;
    });
    for (let cell = 0; cell < count; cell += 1) {
      if (members[cell] === 0) continue;
      const centre = normalize(sums.subarray(cell * DIMENSIONS, (cell + 1) * DIMENSIONS));
      centroids.set(centre, cell * DIMENSIONS);
    }
  }
  return centroids;
}
