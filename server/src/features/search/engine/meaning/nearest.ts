import { DIMENSIONS } from '@patentscout/db';

/** A row of a vector matrix and its cosine similarity to the query. */
export interface Nearest {
  position: number;
  lensId?: string;
  similarity: number;
}

/** The best `count` rows seen so far, most similar first (a few hundred: most rows fall below its last at once). */
function topList(count: number) {
  const best: Nearest[] = [];
  let threshold = -Infinity;
  return {
    best,
    offer(position: number, similarity: number) {
      if (best.length >= count && similarity <= threshold) return;
      let at = best.length;
      while (at > 0 && best[at - 1]!.similarity < similarity) at -= 1;
      best.splice(at, 0, { position, similarity });
      if (best.length > count) best.pop();
      if (best.length >= count) threshold = best[best.length - 1]!.similarity;
    },
  };
}

function similarityAt(matrix: Int8Array, row: number, query: Float32Array): number {
  const offset = row * DIMENSIONS;
  let sum = 0;
  for (let index = 0; index < DIMENSIONS; index += 1) sum += matrix[offset + index]! * query[index]!;
  return sum / 127;
}

/**
 * The `count` rows of `matrix` (`rows` x 100 signed bytes, each a unit vector times 127) most
 * similar to the unit `query`, most similar first: one pass over every row.
 */
export function nearestRows(matrix: Int8Array, rows: number, query: Float32Array, count: number): Nearest[] {
  const top = topList(count);
  for (let row = 0; row < rows; row += 1) top.offer(row, similarityAt(matrix, row, query));
  return top.best;
}

/**
 * The same over the rows the lists name. `keep`, when given, passes over stale entries (and reads
 * a row once); without it every entry is read, in a loop as tight as `nearestRows`'s.
 */
export function nearestAmong(
  matrix: Int8Array,
  lists: readonly ArrayLike<number>[],
  query: Float32Array,
  count: number,
  keep?: (row: number, list: number) => boolean,
): Nearest[] {
  const top = topList(count);
  lists.forEach((rows, list) => {
    for (let at = 0; at < rows.length; at += 1) {
      const row = rows[at]!;
      if (!keep || keep(row, list)) top.offer(row, similarityAt(matrix, row, query));
    }
  });
  return top.best;
}
