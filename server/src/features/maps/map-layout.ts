import { UMAP } from 'umap-js';
import { meaningWords, seededRandom } from '@patentscout/db';

/** The most families a map places: the first of the answer, in its order. */
export const MAP_MAX_POINTS = 500;
/** Below this many placed families a map says too little: the list stands alone with a note. */
export const MAP_MIN_POINTS = 10;
const MIN_REGIONS = 5;
const MAX_REGIONS = 12;
const LABEL_WORDS = 3;
/**
 * Fewer epochs than umap-js's default (500 below 10,000 points): the layout of 500 families has mostly
 * settled by then, and it halves the time a map takes (docs/benchmarks.md, 2026-11-29).
 */
const EPOCHS = 120;

/** A family to place: its meaning vector (null when it has none) and the text its region's words come from. */
export interface MapInput {
  lensId: string;
  vector: Int8Array | null;
  text: string;
}

export interface MapPoint {
  lensId: string;
  /** 0..1, left to right. */
  x: number;
  /** 0..1, top to bottom. */
  y: number;
  region: number;
}

export interface MapRegion {
  id: number;
  /** The 2-3 words that set this region apart from the rest of the map. */
  words: string[];
  size: number;
  /** The region's centre, where its label goes. */
  x: number;
  y: number;
}

export interface MapLayout {
  points: MapPoint[];
  regions: MapRegion[];
  /** Families without a meaning vector, in the answer's order. */
  notPlaced: string[];
}

/** FNV-1a over the ids: the seed is the answer itself. */
function seedOf(ids: readonly string[]): number {
  let hash = 0x811c9dc5;
  for (const char of ids.join('\n')) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

function unitVector(vector: Int8Array): number[] {
  const values = Array.from(vector);
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0)) || 1;
  return values.map((value) => value / norm);
}

/** Scales the layout into 0..1 on both axes, keeping its proportions. */
function fitToSquare(coords: number[][]): [number, number][] {
  const xs = coords.map((point) => point[0]!);
  const ys = coords.map((point) => point[1]!);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const span = Math.max(Math.max(...xs) - minX, Math.max(...ys) - minY) || 1;
  return coords.map(([x, y]) => [(x! - minX) / span, (y! - minY) / span]);
}

const distance2 = (a: readonly number[], b: readonly number[]) => (a[0]! - b[0]!) ** 2 + (a[1]! - b[1]!) ** 2;

/**
 * k-means over the layout's points (regions are places on the map, so they are found where the
 * reader sees them), seeded k-means++ starts, a fixed number of rounds.
 */
function kMeans(points: [number, number][], k: number, random: () => number): number[] {
  const centres: number[][] = [points[Math.floor(random() * points.length)]!];
  while (centres.length < k) {
    const weights = points.map((point) => Math.min(...centres.map((centre) => distance2(point, centre))));
    let pick = random() * weights.reduce((sum, weight) => sum + weight, 0);
    let index = 0;
    while (index < points.length - 1 && (pick -= weights[index]!) > 0) index += 1;
    centres.push([...points[index]!]);
  }
  let assignment = points.map(() => 0);
  for (let round = 0; round < 30; round += 1) {
    assignment = points.map((point) => {
      let best = 0;
      for (let c = 1; c < k; c += 1)
        if (distance2(point, centres[c]!) < distance2(point, centres[best]!)) best = c;
      return best;
    });
    for (let c = 0; c < k; c += 1) {
      const members = points.filter((_, index) => assignment[index] === c);
      if (members.length === 0) continue;
      centres[c] = [0, 1].map(
        (axis) => members.reduce((sum, point) => sum + point[axis]!, 0) / members.length,
      );
    }
  }
  return assignment;
}

/** 5 regions for a small map, one more for each 50 families, 12 at most. */
export const regionCount = (placed: number) =>
  Math.min(MAX_REGIONS, Math.max(MIN_REGIONS, Math.round(placed / 50)), Math.floor(placed / 2));

/**
 * Each region's words: those its families use far more than the rest of the map does (the
 * difference of the two shares of families), leaving out the query's own words, which every
 * region shares and which would tell them apart from nothing.
 */
function regionWords(texts: string[], assignment: number[], k: number, query: string): string[][] {
  const left = new Set(meaningWords(query).map((word) => word.slice(0, 5)));
  const wordsOf = texts.map((text) => new Set(meaningWords(text).filter((word) => word.length > 2)));
  const total = new Map<string, number>();
  for (const words of wordsOf) for (const word of words) total.set(word, (total.get(word) ?? 0) + 1);
  return Array.from({ length: k }, (_, region) => {
    const members = wordsOf.filter((_, index) => assignment[index] === region);
    const inside = new Map<string, number>();
    for (const words of members) for (const word of words) inside.set(word, (inside.get(word) ?? 0) + 1);
    const outside = texts.length - members.length || 1;
    return [...inside]
      .filter(([, count]) => count >= 2 || members.length < 4 || inside.size < LABEL_WORDS)
      .filter(([word]) => !left.has(word.slice(0, 5)))
      .map(([word, count]) => ({
        word,
        score: count / members.length - (total.get(word)! - count) / outside,
      }))
      .sort((a, b) => b.score - a.score || a.word.localeCompare(b.word))
      .slice(0, LABEL_WORDS)
      .map((scored) => scored.word);
  });
}

/**
 * The map of an answer: its families placed by UMAP over their meaning vectors (seeded by the
 * answer, so the same answer draws the same map), grouped into regions, each named by its words.
 * CPU-heavy: run it in a worker (`map-worker.ts`), never on a request's thread.
 */
export function layoutMap(families: readonly MapInput[], query: string): MapLayout {
  const first = families.slice(0, MAP_MAX_POINTS);
  const placed = first.filter((family) => family.vector !== null);
  const notPlaced = first.filter((family) => family.vector === null).map((family) => family.lensId);
  if (placed.length < MAP_MIN_POINTS) return { points: [], regions: [], notPlaced };
  const random = seededRandom(seedOf(placed.map((family) => family.lensId)));
  const umap = new UMAP({
    nComponents: 2,
    nNeighbors: Math.min(15, placed.length - 1),
    minDist: 0.1,
    nEpochs: EPOCHS,
    random,
  });
  const coords = fitToSquare(umap.fit(placed.map((family) => unitVector(family.vector!))));
  const k = regionCount(placed.length);
  const assignment = kMeans(coords, k, random);
  const words = regionWords(
    placed.map((family) => family.text),
    assignment,
    k,
    query,
  );
  // Regions numbered by size, largest first, so that stepping through them starts with the most.
  const sizes = Array.from({ length: k }, (_, region) => assignment.filter((a) => a === region).length);
  const order = sizes
    .map((size, region) => ({ size, region }))
    .filter(({ size }) => size > 0)
    .sort((a, b) => b.size - a.size || a.region - b.region);
  const renumber = new Map(order.map(({ region }, index) => [region, index]));
  const round = (value: number) => Math.round(value * 10000) / 10000;
  const points = placed.map((family, index) => ({
    lensId: family.lensId,
    x: round(coords[index]![0]),
    y: round(coords[index]![1]),
    region: renumber.get(assignment[index]!)!,
  }));
  const regions = order.map(({ size, region }, id) => {
    const members = points.filter((point) => point.region === id);
    return {
      id,
      words: words[region]!,
      size,
      x: round(members.reduce((sum, point) => sum + point.x, 0) / size),
      y: round(members.reduce((sum, point) => sum + point.y, 0) / size),
    };
  });
  return { points, regions, notPlaced };
}
