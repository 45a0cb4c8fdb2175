import { DIMENSIONS, nearestCells } from '@patentscout/db';
import { runScan, type Nearest, type ScanTask } from './nearest.js';

/** No cell: a vector every search reads. */
const NO_CELL = -1;

/**
 * The patents' vectors in memory (100 signed bytes each), grouped by cell when the corpus has
 * cells (ADR 0165). A vector rewritten into another cell leaves a stale entry in its old cell's
 * list (passed over while searching); the lists are rebuilt once stale entries outnumber half.
 * The vectors and cells lie in shared memory, so that scan threads read them without a copy; a
 * table that grows moves to a larger buffer, and a scan planned before reads the old one.
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
  /**
   * The same scan planned, to run elsewhere (`runScan`, in a scan thread), and the lens ids its
   * rows stand for: taken now, so that a table cleared meanwhile does not rename them.
   */
  plan(
    query: Float32Array,
    count: number,
    cells?: { centroids: Float32Array; vectors: number },
  ): { task: ScanTask; lensIds: readonly string[] };
}

/** A typed array over shared memory, so that scan threads read it in place. */
const sharedInt8 = (length: number) => new Int8Array(new SharedArrayBuffer(length));
const sharedInt32 = (length: number) =>
  new Int32Array(new SharedArrayBuffer(length * Int32Array.BYTES_PER_ELEMENT));

/** The rows a scan found, with the lens id of each. */
export function named(found: Nearest[], lensIds: readonly string[]): Nearest[] {
  return found.map((entry) => ({ ...entry, lensId: lensIds[entry.position]! }));
}

export function createVectorTable(): VectorTable {
  let lensIds: string[] = [];
  let vectors = sharedInt8(0);
  let cellOf = sharedInt32(0);
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
    const grownVectors = sharedInt8(capacity * DIMENSIONS);
    grownVectors.set(vectors);
    vectors = grownVectors;
    const grownCells = sharedInt32(capacity);
    grownCells.set(cellOf);
    cellOf = grownCells;
  };

  const plan: VectorTable['plan'] = (query, count, cells) => {
    const task: ScanTask = { matrix: vectors, rows: lensIds.length, query, count };
    if (cells) {
      const chosen = [NO_CELL];
      let planned = 0;
      for (const cell of nearestCells(cells.centroids, query, cells.centroids.length / DIMENSIONS)) {
        if (planned >= cells.vectors) break;
        chosen.push(cell);
        planned += lists.get(cell)?.length ?? 0;
      }
      task.cells = {
        lists: chosen.map((cell) => Int32Array.from(lists.get(cell) ?? [])),
        chosen: Int32Array.from(chosen),
        cellOf,
        // Without stale entries every entry is current: no check at all.
        stale: stale > 0,
      };
    }
    return { task, lensIds };
  };

  return {
    get size() {
      return lensIds.length;
    },
    clear() {
      lensIds = [];
      vectors = sharedInt8(0);
      cellOf = sharedInt32(0);
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
      const { task, lensIds: names } = plan(query, count, cells);
      return named(runScan(task), names);
    },
    plan,
  };
}
