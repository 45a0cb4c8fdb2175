import { describe, expect, it } from 'vitest';
import { nearestCell } from '@patentscout/db';
import { createVectorTable } from './vector-table.js';
import { DIMENSIONS, normalize, quantize } from '@patentscout/db';

/** A unit vector leaning on `axis`, with a little of `other` (deterministic). */
function unit(axis: number, other: number, amount: number): Float32Array {
  const vector = new Float32Array(DIMENSIONS);
  vector[axis] = 1;
  vector[other] = amount;
  return normalize(vector);
}

const axisCentre = (axis: number) => unit(axis, (axis + 1) % DIMENSIONS, 0);
const centroids = new Float32Array([...axisCentre(0), ...axisCentre(1), ...axisCentre(2)]);

function filledTable() {
  const table = createVectorTable();
  for (let index = 0; index < 60; index += 1) {
    const vector = unit(index % 3, 3 + (index % 50), (index % 7) / 10);
    table.put(`P${index}`, quantize(vector), nearestCell(centroids, vector));
  }
  return table;
}

describe('the vector table', () => {
  it('reading every cell finds what reading every vector finds', () => {
    const table = filledTable();
    const query = unit(1, 9, 0.3);
    const everyVector = table.nearest(query, 10);
    expect(everyVector).toHaveLength(10);
    expect(table.nearest(query, 10, { centroids, vectors: 60 })).toEqual(everyVector);
  });

  it('reads the nearest cells until enough vectors are read, and vectors in no cell always', () => {
    const table = filledTable();
    table.put('LOOSE', quantize(unit(0, 5, 0.1)), null);
    const found = table.nearest(unit(1, 9, 0.3), 100, { centroids, vectors: 20 });
    const ids = found.map((entry) => entry.lensId);
    // Cell 1 holds every third patent (20 of them); the loose one is read too.
    expect(ids).toHaveLength(21);
    expect(ids).toContain('LOOSE');
    expect(ids.filter((id) => id !== 'LOOSE').every((id) => Number(id!.slice(1)) % 3 === 1)).toBe(true);
  });

  it('reads the next nearest cell while fewer vectors than asked were read', () => {
    const table = filledTable();
    const ids = table.nearest(unit(1, 9, 0.3), 100, { centroids, vectors: 21 }).map((entry) => entry.lensId);
    expect(ids).toHaveLength(40);
    expect(new Set(ids.map((id) => Number(id!.slice(1)) % 3)).size).toBe(2);
  });

  it('a vector rewritten into other cells and back is found once, in its last cell', () => {
    const table = filledTable();
    const vector = quantize(unit(1, 4, 0.2));
    table.put('P1', vector, 0);
    table.put('P1', vector, 1);
    const found = table.nearest(unit(1, 4, 0.2), 60, { centroids, vectors: 60 });
    expect(found.filter((entry) => entry.lensId === 'P1')).toHaveLength(1);
    expect(table.nearest(unit(1, 4, 0.2), 60, { centroids, vectors: 1 })[0]!.lensId).toBe('P1');
    expect(table.size).toBe(60);
    expect(table.vectorOf('P1')![1]).toBeGreaterThan(0.9);
  });
});
