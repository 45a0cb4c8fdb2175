import { describe, expect, it } from 'vitest';
import { drawPoints, toPixel } from './mapDrawing';

/** A context that records the calls drawPoints makes (jsdom has no canvas). */
function recordingContext() {
  const fills: { colour: string; alpha: number; circles: [number, number][] }[] = [];
  let circles: [number, number][] = [];
  const context = {
    globalAlpha: 1,
    fillStyle: '',
    beginPath: () => {
      circles = [];
    },
    moveTo: () => undefined,
    arc: (x: number, y: number) => circles.push([x, y]),
    fill() {
      fills.push({ colour: this.fillStyle, alpha: this.globalAlpha, circles });
    },
  };
  return { context: context as unknown as CanvasRenderingContext2D, fills, state: context };
}

const points = Array.from({ length: 500 }, (_, index) => ({
  lens_id: `L${index}`,
  x: (index % 25) / 25,
  y: Math.floor(index / 25) / 20,
}));
const colours = points.map((_, index) => ['#E69F00', '#0072B2', '#009E73'][index % 3]!);

describe('drawPoints', () => {
  it('fills every point once, in one path per colour', () => {
    const { context, fills, state } = recordingContext();
    drawPoints(context, points, colours, null, 400);
    expect(fills.map((fill) => fill.colour).sort()).toEqual(['#0072B2', '#009E73', '#E69F00']);
    expect(fills.every((fill) => fill.alpha === 0.9)).toBe(true);
    expect(fills.reduce((sum, fill) => sum + fill.circles.length, 0)).toBe(500);
    const orange = fills.find((fill) => fill.colour === '#E69F00')!;
    expect(orange.circles[1]).toEqual([toPixel(points[3]!.x, 400), toPixel(points[3]!.y, 400)]);
    expect(state.globalAlpha).toBe(1);
  });

  it('draws the points outside a selection faint, in paths of their own', () => {
    const { context, fills } = recordingContext();
    const selected = new Set(['L0', 'L1', 'L2', 'L3']);
    drawPoints(context, points, colours, selected, 400);
    const strong = fills.filter((fill) => fill.alpha === 0.9);
    expect(strong.reduce((sum, fill) => sum + fill.circles.length, 0)).toBe(4);
    expect(
      fills.filter((fill) => fill.alpha === 0.15).reduce((sum, fill) => sum + fill.circles.length, 0),
    ).toBe(496);
    expect(fills).toHaveLength(6);
  });
});
