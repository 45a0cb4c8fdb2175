import { describe, expect, it } from 'vitest';
import { mapChipText } from './mapChip';

/** A lasso drawn as a triangle: what it holds is counted by the map, not read from it. */
const triangle = {
  lasso: [
    [0, 0],
    [1, 0],
    [1, 1],
  ] as [number, number][],
};
const map = { regions: [{ id: 2, words: ['beehive', 'honey'], size: 14, x: 0.5, y: 0.5 }] };

describe('mapChipText', () => {
  it('names a region by its number, words and size, and a lasso by what it holds', () => {
    expect(mapChipText({ region: 2 }, map, null)).toBe('Map region 3: beehive, honey (14)');
    expect(mapChipText(triangle, map, 5)).toBe('Map lasso: 5 patents');
  });

  it('says what it can before the map has loaded, and nothing without a selection', () => {
    expect(mapChipText({ region: 0 }, null, null)).toBe('Map region 1');
    expect(mapChipText(triangle, null, null)).toBe('Map lasso: … patents');
    expect(mapChipText(null, map, null)).toBeNull();
  });
});
