import { nearestCells } from '@patentscout/db';
import { nearestAmong, nearestRows, type Nearest } from './nearest.js';
import { DIMENSIONS } from '@patentscout/db';

/** No cell: a vector every search reads. */
const NO_CELL = -1;

/**
 * The patents' vectors in memory (100 signed bytes each), grouped by cell when the corpus has
 * cells (ADR 0165). A vector rewritten into another cell leaves a stale entry in its old cell's
 * list (passed over while searching); the lists are rebuilt once stale entries outnumber half.
 */
export interface VectorTable {
  readonly size: number;
  clear(): void;
  /** Adds or rewrites a patent's vector (100 signed bytes) and its cell (null: none). */
  put(lensId: string, bytes: Uint8Array, cell: number | null): void;
  vectorOf(lensId: string): Float32Array | null;
  /**
   * The `count` nearest to the unit `query`: every vector, or with `cells` those of the cells
   * nearest to it, nearest first, until `vectors` are read, and those in no cell.
   */
  nearest(
    query: Float32Array,
    count: number,
    cells?: { centroids: Float32Array; vectors: number },
  ): Nearest[];
}

export function createVectorTable(): VectorTable {
  let lensIds: string[] = [];
  let vectors = new Int8Array(0);
  let cellOf = new Int32Array(0);
  const positions = new Map<string, number>();
  let lists = new Map<number, number[]>();
  let stale = 0;

  const listOf = (cell: number) => {
    let list = lists.get(cell);
    if (!list) lists.set(cell, (list = []));
    return list;
  };

  const rebuildLists = () => {
    lists = new Map();
    for (let position = 0; position < lensIds.length; position += 1) listOf(cellOf[position]!).push(position);
    stale = 0;
  };

  const grow = (rows: number) => {
    const capacity = Math.max(1024, rows * 2);
    const grownVectors = new Int8Array(capacity * DIMENSIONS);
    grownVectors.set(vectors);
    vectors = grownVectors;
    const grownCells = new Int32Array(capacity);
    grownCells.set(cellOf);
    cellOf = grownCells;
  };

  return {
    get size() {
      return lensIds.length;
    },
    clear() {
      lensIds = [];
      vectors = new Int8Array(0);
      cellOf = new Int32Array(0);
      positions.clear();
      lists = new Map();
      stale = 0;
    },
    put(lensId, bytes, cell) {
      const wanted = cell ?? NO_CELL;
      let position = positions.get(lensId);
      if (position === undefined) {
        position = lensIds.length;
        if (position + 1 > cellOf.length) grow(position + 1);
        lensIds.push(lensId);
        positions.set(lensId, position);
        cellOf[position] = wanted;
        listOf(wanted).push(position);
      } else if (cellOf[position] !== wanted) {
        cellOf[position] = wanted;
        listOf(wanted).push(position);
        stale += 1;
        if (stale > lensIds.length / 2) rebuildLists();
      }
      vectors.set(new Int8Array(bytes.buffer, bytes.byteOffset, DIMENSIONS), position * DIMENSIONS);
    },
    vectorOf(lensId) {
      const position = positions.get(lensId);
      if (position === undefined) return null;
      return Float32Array.from(
        vectors.subarray(position * DIMENSIONS, (position + 1) * DIMENSIONS),
        (value) => value / 127,
      );
    },
    nearest(query, count, cells) {
      let found: Nearest[];
      if (!cells) found = nearestRows(vectors, lensIds.length, query, count);
      else {
        const chosen = [NO_CELL];
        let planned = 0;
        for (const cell of nearestCells(cells.centroids, query, cells.centroids.length / DIMENSIONS)) {
          if (planned >= cells.vectors) break;
          chosen.push(cell);
          planned += lists.get(cell)?.length ?? 0;
        }
        const current = (position: number, list: number) => cellOf[position] === chosen[list];
        // A vector moved back into a cell it left has two entries there: read once.
        const seen = new Set<number>();
        const once = (position: number, list: number) =>
          current(position, list) && !seen.has(position) && Boolean(seen.add(position));
        const chosenLists = chosen.map((cell) => lists.get(cell) ?? []);
        // Without stale entries every entry is current: no check at all.
        found = nearestAmong(vectors, chosenLists, query, count, stale === 0 ? undefined : once);
      }
      return found.map((entry) => ({ ...entry, lensId: lensIds[entry.position]! }));
    },
  };
}
