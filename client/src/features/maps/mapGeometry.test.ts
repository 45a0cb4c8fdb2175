import { describe, expect, it } from 'vitest';
import {
  colourPoints,
  densityGrid,
  insidePolygon,
  labelAnchor,
  labelOffsets,
  pointAt,
  selectedIds,
} from './mapGeometry';

const point = (year: number, country: string, owner: string | null = null, status = 'ACTIVE') => ({
  year,
  country,
  owner,
  status,
});

describe('map colours', () => {
  it('gives the 8 commonest countries a colour each and the rest one "Other"', () => {
    const points = 'ABCDEFGHIJ'
      .split('')
      .flatMap((letter, index) => Array.from({ length: 10 - index }, () => point(2020, `${letter}X`)));
    const { colours, legend } = colourPoints(points, 'country');
    expect(legend.map((entry) => entry.label)).toEqual([
      'AX',
      'BX',
      'CX',
      'DX',
      'EX',
      'FX',
      'GX',
      'HX',
      'Other',
    ]);
    expect(legend.at(-1)!.count).toBe(2 + 1);
    expect(new Set(colours.slice(0, 10))).toHaveLength(1);
    expect(colours.at(-1)).toBe(legend.at(-1)!.colour);
  });

  it('bands the years in order', () => {
    const { legend } = colourPoints([point(2000, 'US'), point(2004, 'US'), point(2009, 'US')], 'year');
    expect(legend.map((entry) => entry.label)).toEqual(['2000–2001', '2004–2005', '2008–2009']);
  });
});

describe('map geometry', () => {
  const points = [
    { lens_id: 'a', x: 0.1, y: 0.1, region: 0 },
    { lens_id: 'b', x: 0.9, y: 0.9, region: 1 },
    { lens_id: 'c', x: 0.15, y: 0.12, region: 0 },
  ];
  it('finds the nearest point within the radius only', () => {
    expect(pointAt(points, 0.89, 0.9, 0.05)).toBe(1);
    expect(pointAt(points, 0.5, 0.5, 0.05)).toBe(-1);
  });
  it('selects by region and by lasso', () => {
    expect([...selectedIds(points, { region: 0 })]).toEqual(['a', 'c']);
    const square: [number, number][] = [
      [0.8, 0.8],
      [1, 0.8],
      [1, 1],
      [0.8, 1],
    ];
    expect([...selectedIds(points, { lasso: square })]).toEqual(['b']);
    expect(insidePolygon(square, 0.5, 0.5)).toBe(false);
  });
  it('counts crowding per cell', () => {
    expect(densityGrid(points, 2)).toEqual([2, 0, 0, 1]);
  });
});

describe('region labels', () => {
  it('centres a label over the middle of the map and slides it inwards at the sides', () => {
    expect([0, 0.1, 0.25, 0.5, 0.75, 0.9, 1].map((x) => Math.round(labelAnchor(x)))).toEqual([
      0, 20, 50, 50, 50, 80, 100,
    ]);
    expect(labelAnchor(-0.2)).toBe(0);
    expect(labelAnchor(1.2)).toBe(100);
  });
});

describe('region labels apart', () => {
  const box = (left: number, top: number) => ({ left, top, width: 120, height: 30 });
  const overlap = (a: { left: number; top: number }, b: { left: number; top: number }) =>
    Math.abs(a.left - b.left) < 120 && Math.abs(a.top - b.top) < 30;

  it('leaves labels that do not touch where they are', () => {
    expect(labelOffsets([box(10, 10), box(200, 10), box(10, 100)], 500)).toEqual([0, 0, 0]);
  });

  it('moves a label off the one placed before it, to the nearest free place', () => {
    const boxes = [box(100, 200), box(150, 210), box(120, 190)];
    const offsets = labelOffsets(boxes, 500);
    expect(offsets[0]).toBe(0);
    const moved = boxes.map((entry, index) => ({ ...entry, top: entry.top + offsets[index]! }));
    for (let left = 0; left < moved.length; left += 1)
      for (let right = left + 1; right < moved.length; right += 1)
        expect(overlap(moved[left]!, moved[right]!)).toBe(false);
    expect(Math.abs(offsets[1]!)).toBeLessThanOrEqual(32 * 2);
  });

  it('keeps a moved label inside the map', () => {
    const offsets = labelOffsets([box(100, 460), box(100, 465)], 500);
    expect(offsets[1]).toBeLessThan(0);
  });
});
