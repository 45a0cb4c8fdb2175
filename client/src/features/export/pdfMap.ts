import { rgb, type PDFPage } from 'pdf-lib';
import { drawLine, widthOf, wrap, type Face, type Missing } from './pdfText';

/** What the PDF draws of a map (ADR 0179): a structural subset of the map query's fragment. */
export interface PdfMap {
  points: readonly { x: number; y: number; region: number }[];
  regions: readonly { id: number; words: readonly string[]; size: number; x: number; y: number }[];
}

/** A map is drawn only from this many placed families on, as on screen. */
export const MAP_LEAST_FAMILIES = 10;

/**
 * One colour a region (at most 12): Okabe and Ito's seven colours that are not black, then Paul
 * Tol's muted ones, so that neighbouring regions stay apart in print and for colour-blind readers.
 */
const REGION_COLOURS = [
  '#E69F00',
  '#0072B2',
  '#009E73',
  '#CC79A7',
  '#D55E00',
  '#56B4E9',
  '#8a7a00',
  '#882255',
  '#44AA99',
  '#332288',
  '#AA4499',
  '#999933',
].map((hex) =>
  rgb(...([1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number])),
);

export const regionColour = (region: number) => REGION_COLOURS[region % REGION_COLOURS.length]!;

/** The label drawn at a region's centre, as the canvas words it. */
export const regionLabel = (region: PdfMap['regions'][number]) =>
  `${region.words.slice(0, 2).join(' · ')} (${region.size})`;

/** Whether a map is worth a page: enough placed families and at least one region. */
export function drawableMap(map: PdfMap | null | undefined): map is PdfMap {
  return Boolean(map && map.points.length >= MAP_LEAST_FAMILIES && map.regions.length > 0);
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where each label goes: centred on its region, or, when that covers a label already placed
 * (largest regions first), the nearest free slot a label's height above or below. A cheap greedy
 * pass: with at most 12 labels it avoids almost every overlap without a layout solver.
 */
export function placeLabels(wanted: readonly Box[], within: Box): Box[] {
  const placed: Box[] = [];
  const clamp = (box: Box): Box => ({
    ...box,
    x: Math.min(Math.max(box.x, within.x), within.x + within.width - box.width),
    y: Math.min(Math.max(box.y, within.y), within.y + within.height - box.height),
  });
  for (const box of wanted) {
    const step = box.height + 2;
    const tries = [0, 1, -1, 2, -2, 3, -3, 4, -4].map((k) => clamp({ ...box, y: box.y + k * step }));
    placed.push(tries.find((slot) => placed.every((other) => !overlaps(slot, other))) ?? tries[0]!);
  }
  return placed;
}

/**
 * The map on a page, below `top`: a heading, the points coloured by region in a square, each
 * region's label "words (size)" at its centre over a light box, and the regions listed in full
 * under the square (the picture's text alternative, as the table is on screen).
 */
export function drawMap(
  page: PDFPage,
  map: PdfMap,
  at: { left: number; top: number; width: number; faces: { regular: Face; bold: Face }; missing: Missing },
) {
  const { faces, missing } = at;
  drawLine(page, 'Map of the results', { x: at.left, y: at.top - 14, size: 14, face: faces.bold, missing });
  const intro = wrap(
    `${map.points.length} patents placed by meaning in ${map.regions.length} regions; each label names the words that set its region apart and how many patents it holds.`,
    faces.regular,
    8,
    at.width,
    2,
  );
  intro.forEach((line, index) =>
    drawLine(page, line, {
      x: at.left,
      y: at.top - 28 - index * 10,
      size: 8,
      face: faces.regular,
      colour: rgb(0.3, 0.3, 0.3),
    }),
  );

  // A square at most 440 pt wide, so that twelve regions still list under it above the foot.
  const side = Math.min(at.width, 440);
  const square: Box = {
    x: at.left + (at.width - side) / 2,
    y: at.top - 50 - side,
    width: side,
    height: side,
  };
  page.drawRectangle({ ...square, borderColor: rgb(0.75, 0.75, 0.75), borderWidth: 0.5 });
  const inset = 8;
  // Map units run 0..1 downwards from the top left, as on the canvas; PDF points run upwards.
  const xOf = (x: number) => square.x + inset + x * (side - 2 * inset);
  const yOf = (y: number) => square.y + square.height - inset - y * (side - 2 * inset);
  for (const point of map.points)
    page.drawCircle({
      x: xOf(point.x),
      y: yOf(point.y),
      size: 2.2,
      color: regionColour(point.region),
      opacity: 0.85,
    });

  const size = 7.5;
  const labels = map.regions.map((region) => regionLabel(region));
  const boxes = placeLabels(
    map.regions.map((region, index) => {
      const width = widthOf(labels[index]!, faces.bold, size) + 8;
      return { x: xOf(region.x) - width / 2, y: yOf(region.y) - 6, width, height: 12 };
    }),
    square,
  );
  boxes.forEach((box, index) => {
    const region = map.regions[index]!;
    page.drawRectangle({
      ...box,
      color: rgb(1, 1, 1),
      opacity: 0.9,
      borderColor: regionColour(region.id),
      borderWidth: 1,
    });
    drawLine(page, labels[index]!, { x: box.x + 4, y: box.y + 3.5, size, face: faces.bold, missing });
  });

  let y = square.y - 16;
  for (const region of map.regions) {
    page.drawCircle({ x: at.left + 4, y: y + 3, size: 3.5, color: regionColour(region.id) });
    const [line = ''] = wrap(
      `Region ${region.id + 1}: ${region.words.join(', ')} (${region.size} patents)`,
      faces.regular,
      8,
      at.width - 14,
      1,
    );
    drawLine(page, line, { x: at.left + 12, y, size: 8, face: faces.regular, missing });
    y -= 11;
  }
}
