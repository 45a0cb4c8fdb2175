import { describe, expect, it } from 'vitest';
import { DIMENSIONS, nearestCell, normalize } from '@patentscout/db';
import { learnCells } from './learn-cells.js';

/** Unit vectors around `axis`, each tilted a little towards another axis. */
const around = (axis: number, count: number) =>
  Array.from({ length: count }, (_, index) => {
    const vector = new Float32Array(DIMENSIONS);
    vector[axis] = 1;
    vector[(axis + 1 + index) % DIMENSIONS] = 0.2;
    return normalize(vector);
  });

describe('learnCells', () => {
  it('puts the centres where the vectors gather, one group a cell', () => {
    const groups = [around(0, 30), around(40, 30), around(80, 30)];
    const sample = groups[0]!.flatMap((vector, index) => [vector, groups[1]![index]!, groups[2]![index]!]);
    const centroids = learnCells(sample, 3);
    expect(centroids).toHaveLength(3 * DIMENSIONS);
    const cellsOfGroups = groups.map(
      (group) => new Set(group.map((vector) => nearestCell(centroids, vector))),
    );
    for (const cells of cellsOfGroups) expect(cells.size).toBe(1);
    expect(new Set(cellsOfGroups.map((cells) => [...cells][0])).size).toBe(3);
  });

  it('makes no more cells than it has vectors', () => {
    expect(learnCells(around(0, 2), 5)).toHaveLength(2 * DIMENSIONS);
  });
});
