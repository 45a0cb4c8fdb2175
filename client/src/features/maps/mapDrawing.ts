import { densityGrid } from './mapGeometry';

/** The drawing of a map on a 2-D canvas context (ADR 0179, ADR 0180), in the canvas's CSS pixels. */

export const CELLS = 24;
export const MARGIN = 0.04;
const POINT_RADIUS = 4;

/** Map units (0..1) <-> the canvas's CSS pixels, with a margin so that edge points stay whole. */
export const toPixel = (value: number, side: number) => (MARGIN + value * (1 - 2 * MARGIN)) * side;
export const toUnit = (pixel: number, side: number) => (pixel / side - MARGIN) / (1 - 2 * MARGIN);

/**
 * The density shading as one image of CELLS x CELLS pixels, scaled up when drawn: one drawImage
 * per frame instead of a fillRect per crowded cell. Made once per set of points (not per hover).
 */
export function densityImage(points: readonly { x: number; y: number }[]): ImageData | null {
  if (typeof ImageData === 'undefined') return null;
  const grid = densityGrid(points, CELLS);
  const most = Math.max(1, ...grid);
  const image = new ImageData(CELLS, CELLS);
  grid.forEach((count, index) => {
    if (count < 2) return;
    // rgba(13, 110, 253, 0.22 * count / most): Bootstrap's blue, darker where points crowd.
    image.data.set([13, 110, 253, Math.round(255 * ((0.22 * count) / most))], index * 4);
  });
  return image;
}

/** A canvas holding the density image, to be scaled onto the map without smoothing. */
export function densityCanvas(image: ImageData | null): HTMLCanvasElement | null {
  if (!image) return null;
  const canvas = document.createElement('canvas');
  canvas.width = CELLS;
  canvas.height = CELLS;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.putImageData(image, 0, 0);
  return canvas;
}

/**
 * The points, one path and one fill per colour and opacity (at most 9 colours x 2 opacities)
 * rather than one per point: each fill is a rasterisation pass, and 500 of them were the
 * drawing's main cost on a software-rendered canvas.
 */
export function drawPoints(
  context: CanvasRenderingContext2D,
  points: readonly { lens_id: string; x: number; y: number }[],
  colours: readonly string[],
  selected: ReadonlySet<string> | null,
  side: number,
): void {
  const batches = new Map<string, number[]>();
  points.forEach((point, index) => {
    const faint = selected !== null && !selected.has(point.lens_id);
    const key = `${faint ? 'f' : 'n'}${colours[index] ?? '#9e9e9e'}`;
    const batch = batches.get(key);
    if (batch) batch.push(index);
    else batches.set(key, [index]);
  });
  for (const [key, indexes] of batches) {
    context.globalAlpha = key.startsWith('f') ? 0.15 : 0.9;
    context.fillStyle = key.slice(1);
    context.beginPath();
    for (const index of indexes) {
      const x = toPixel(points[index]!.x, side);
      const y = toPixel(points[index]!.y, side);
      // A subpath per point: moveTo keeps the circles apart (no joining line).
      context.moveTo(x + POINT_RADIUS, y);
      context.arc(x, y, POINT_RADIUS, 0, 2 * Math.PI);
    }
    context.fill();
  }
  context.globalAlpha = 1;
}
