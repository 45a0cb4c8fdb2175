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

// NOTE: the query's length is the vectors' (DIMENSIONS): this file imports nothing, so that a
// scan thread starts without loading the data package.
function similarityAt(matrix: Int8Array, row: number, query: Float32Array): number {
  const dimensions = query.length;
  const offset = row * dimensions;
  let sum = 0;
  for (let index = 0; index < dimensions; index += 1) sum += matrix[offset + index]! * query[index]!;
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

/**
 * One scan, as the table plans it and a scan thread runs it (`runScan`): plain data only, so
 * that it crosses to a worker without the table. `matrix` (and `cellOf`) lie in shared memory
 * there, read in place; `lists`, when given, are the rows of the chosen cells, and `chosen` the
 * cell each list belongs to: an entry whose row has moved to another cell since is stale.
 */
export interface ScanTask {
  matrix: Int8Array;
  rows: number;
  query: Float32Array;
  count: number;
  cells?: { lists: Int32Array[]; chosen: Int32Array; cellOf: Int32Array; stale: boolean };
}

/** The rows nearest to the task's query, as `nearestRows` or `nearestAmong` find them. */
export function runScan(task: ScanTask): Nearest[] {
  const { matrix, rows, query, count, cells } = task;
  if (!cells) return nearestRows(matrix, rows, query, count);
  if (!cells.stale) return nearestAmong(matrix, cells.lists, query, count);
  // A vector moved back into a cell it left has two entries there: read once.
  const seen = new Set<number>();
  return nearestAmong(
    matrix,
    cells.lists,
    query,
    count,
    (row, list) => cells.cellOf[row] === cells.chosen[list] && !seen.has(row) && Boolean(seen.add(row)),
  );
}
