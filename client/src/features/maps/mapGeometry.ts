/** The pure side of a map (ADR 0179): colours and legends, density, hit tests and lassos. */

export type ColourBy = 'year' | 'country' | 'owner' | 'status';

export const COLOUR_CHOICES: { value: ColourBy; label: string }[] = [
  { value: 'year', label: 'Year band' },
  { value: 'country', label: 'Country' },
  { value: 'owner', label: 'Owner (top 8)' },
  { value: 'status', label: 'Legal status' },
];

/** What colouring reads of a point. */
export interface ColouredPoint {
  year: number;
  country: string;
  owner?: string | null;
  status: string;
}

/** Okabe and Ito's eight colours, told apart with the common colour-vision deficiencies. */
const PALETTE = ['#E69F00', '#0072B2', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#8a7a00', '#000000'];
const OTHER_COLOUR = '#9e9e9e';
const TOP = 8;
const YEAR_BANDS = 5;

export interface Colouring {
  /** Each point's colour, in the points' order. */
  colours: string[];
  legend: { label: string; colour: string; count: number }[];
}

function yearBands(years: number[]): (year: number) => string {
  const from = Math.min(...years);
  const width = Math.max(1, Math.ceil((Math.max(...years) - from + 1) / YEAR_BANDS));
  return (year) => {
    const start = from + Math.floor((year - from) / width) * width;
    return width === 1 ? String(start) : `${start}–${start + width - 1}`;
  };
}

/** Colours the points by a choice: the 8 commonest values their own colour, the rest "Other". */
export function colourPoints(points: readonly ColouredPoint[], by: ColourBy): Colouring {
  const band = by === 'year' ? yearBands(points.map((point) => point.year)) : null;
  const valueOf = (point: ColouredPoint): string => {
    if (band) return band(point.year);
    if (by === 'country') return point.country;
    if (by === 'owner') return point.owner ?? 'Owner not recorded';
    return point.status;
  };
  const values = points.map(valueOf);
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const ranked = [...counts].sort((a, b) =>
    band ? a[0].localeCompare(b[0]) : b[1] - a[1] || a[0].localeCompare(b[0]),
  );
  const colourOf = new Map(ranked.slice(0, TOP).map(([value], index) => [value, PALETTE[index]!]));
  const legend = ranked
    .slice(0, TOP)
    .map(([label, count]) => ({ label, colour: colourOf.get(label)!, count }));
  const others = ranked.slice(TOP).reduce((sum, [, count]) => sum + count, 0);
  if (others > 0) legend.push({ label: 'Other', colour: OTHER_COLOUR, count: others });
  return { colours: values.map((value) => colourOf.get(value) ?? OTHER_COLOUR), legend };
}

/**
 * Where a region label's box hangs from its centre, across (0: its left edge there, 50: centred,
 * 100: its right edge there). Centred over the middle half of the map; towards an edge it slides
 * inwards, so that a label near the side stays inside the map, and a phone's page does not
 * scroll sideways (WCAG 1.4.10).
 */
export function labelAnchor(x: number): number {
  const off = x - 0.5;
  const beyond = Math.abs(off) > 0.25 ? off - Math.sign(off) * 0.25 : 0;
  return Math.min(100, Math.max(0, 50 + beyond * 200));
}

/** A region label's box on the map, in pixels: its left and top edges and its size. */
export interface LabelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Pixels kept between two labels. */
const LABEL_GAP = 2;
/** How many label heights a label may move up or down to find room. */
const LABEL_STEPS = 4;

/**
 * How far each label moves down (up when negative) so that no two overlap: a label under
 * another could not be clicked or tapped. Labels are placed in order (the largest region first,
 * as given), each at its place when free, else at the nearest free one of a few label heights
 * above or below that stays within `side`; one with no room anywhere stays where it is.
 */
export function labelOffsets(boxes: readonly LabelBox[], side: number): number[] {
  const placed: LabelBox[] = [];
  const overlaps = (box: LabelBox) =>
    placed.some(
      (other) =>
        box.left < other.left + other.width + LABEL_GAP &&
        other.left < box.left + box.width + LABEL_GAP &&
        box.top < other.top + other.height + LABEL_GAP &&
        other.top < box.top + box.height + LABEL_GAP,
    );
  return boxes.map((box) => {
    const step = box.height + LABEL_GAP;
    const tries = [0];
    for (let index = 1; index <= LABEL_STEPS; index += 1) tries.push(index * step, -index * step);
    const offset =
      tries.find((dy) => {
        const moved = { ...box, top: box.top + dy };
        const inside = dy === 0 || (moved.top >= 0 && moved.top + moved.height <= side);
        return inside && !overlaps(moved);
      }) ?? 0;
    placed.push({ ...box, top: box.top + offset });
    return offset;
  });
}

/** Points per cell of a `cells` x `cells` grid over the map, row by row: where points crowd. */
export function densityGrid(points: readonly { x: number; y: number }[], cells: number): number[] {
  const grid = new Array<number>(cells * cells).fill(0);
  for (const { x, y } of points) {
    const column = Math.min(cells - 1, Math.floor(x * cells));
    const row = Math.min(cells - 1, Math.floor(y * cells));
    grid[row * cells + column]! += 1;
  }
  return grid;
}

/** The index of the point nearest (x, y) within `radius` (all in map units, 0..1); -1 when none. */
export function pointAt(
  points: readonly { x: number; y: number }[],
  x: number,
  y: number,
  radius: number,
): number {
  let best = -1;
  let bestDistance = radius * radius;
  points.forEach((point, index) => {
    const distance = (point.x - x) ** 2 + (point.y - y) ** 2;
    if (distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** Whether (x, y) lies inside the polygon (ray casting; the lasso closes itself). */
export function insidePolygon(
  polygon: readonly (readonly [number, number])[],
  x: number,
  y: number,
): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** A map selection: a region (by id) or a lasso (its corners, 0..1). */
export type MapSelection = { region: number } | { lasso: [number, number][] };

/** The lens ids a selection holds. */
export function selectedIds(
  points: readonly { lens_id: string; x: number; y: number; region: number }[],
  selection: MapSelection,
): Set<string> {
  const held =
    'region' in selection
      ? points.filter((point) => point.region === selection.region)
      : points.filter((point) => insidePolygon(selection.lasso, point.x, point.y));
  return new Set(held.map((point) => point.lens_id));
}
