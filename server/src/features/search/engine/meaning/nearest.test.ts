import { DIMENSIONS, normalize, quantize } from '@patentscout/db';
import { describe, expect, it } from 'vitest';
import { nearestRows } from './nearest.js';

const axis = (index: number, weight = 1) => {
  const vector = new Float32Array(DIMENSIONS);
  vector[index] = weight;
  return vector;
};

describe('nearest rows', () => {
  it('finds the nearest rows, nearest first, however many there are', () => {
    const rows = [
      axis(0),
      normalize(Float32Array.from(axis(0), (v, i) => v + (i === 1 ? 1 : 0))),
      axis(1),
      axis(2),
    ];
    const matrix = new Int8Array(rows.length * DIMENSIONS);
    rows.forEach((row, index) => matrix.set(new Int8Array(quantize(row)), index * DIMENSIONS));
    const found = nearestRows(matrix, rows.length, axis(0), 2);
    expect(found.map((entry) => entry.position)).toEqual([0, 1]);
    expect(found[0]!.similarity).toBeCloseTo(1, 2);
    expect(nearestRows(matrix, rows.length, axis(2), 10)).toHaveLength(4);
  });
});
