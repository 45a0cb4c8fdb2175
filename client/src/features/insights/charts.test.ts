import { describe, expect, it } from 'vitest';
import { pivot } from './charts';

describe('pivot', () => {
  it('turns buckets into one row per start, with a zero for a series missing there', () => {
    expect(
      pivot([
        { start: '2026-03-03', series: 'boolean', count: 1 },
        { start: '2026-03-02', series: 'ai', count: 2 },
        { start: '2026-03-03', series: 'ai', count: 4 },
      ]),
    ).toEqual({
      series: ['ai', 'boolean'],
      rows: [
        { start: '2026-03-02', ai: 2, boolean: 0 },
        { start: '2026-03-03', ai: 4, boolean: 1 },
      ],
    });
  });
});
