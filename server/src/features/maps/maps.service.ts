import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from '../../shared/errors.js';
import { MAP_MAX_POINTS, MAP_MIN_POINTS, type MapLayout } from './map-layout.js';
import type { MapRunner } from './map-runner.js';
import type { MapFamilyRow, MapsRepo } from './maps.repo.js';

/** Bumped when the layout's method changes, so that kept maps of the old method are drawn again. */
const LAYOUT_VERSION = 'umap-1';

/** How long a drawn map is kept: as long as the result sets it is drawn from (a week). */
export const MAP_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

const StoredLayout = z.object({
  points: z.array(z.object({ lensId: z.string(), x: z.number(), y: z.number(), region: z.number().int() })),
  regions: z.array(
    z.object({
      id: z.number().int(),
      words: z.array(z.string()),
      size: z.number().int(),
      x: z.number(),
      y: z.number(),
    }),
  ),
  notPlaced: z.array(z.string()),
});

/** What a point or an unplaced family shows: the patent as it is now. */
export interface MapFamily {
  lensId: string;
  title: string;
  /** The first owner, or null when none is recorded. */
  owner: string | null;
  year: number;
  country: string;
  status: string;
}

export interface ResultMap {
  /** Families placed (up to 500); empty when fewer than 10 could be placed. */
  points: (MapFamily & { x: number; y: number; region: number })[];
  regions: MapLayout['regions'];
  /** Families among the first that have no meaning vector yet. */
  notPlaced: MapFamily[];
  /** Fewer than 10 families could be placed: the list is shown with a note instead. */
  tooFew: boolean;
}

export interface MapsService {
  /** The map of an answer's first `first` families (1..500), drawn once and kept. */
  mapOf(input: { lensIds: readonly string[]; query: string; first: number }): Promise<ResultMap>;
  purgeExpired(now: Date): Promise<number>;
  /** Readies the layout thread, so that the first map after a start does not wait for it. */
  warm(): void;
  close(): Promise<void>;
}

const familyOf = (row: MapFamilyRow): MapFamily => ({
  lensId: row.lensId,
  title: row.title,
  owner: row.owners[0] ?? null,
  year: Number(row.datePublished.slice(0, 4)),
  country: row.jurisdiction,
  status: row.status,
});

export function createMapsService(deps: { repo: MapsRepo; runner: MapRunner }): MapsService {
  const { repo, runner } = deps;
  // The same map asked for twice at once (a page and its export) is laid out once.
  const drawing = new Map<string, Promise<MapLayout>>();

  async function draw(key: string, rows: MapFamilyRow[], query: string): Promise<MapLayout> {
    const kept = StoredLayout.safeParse(await repo.findLayout(key));
    if (kept.success) return kept.data;
    const layout = await runner.layout(
      rows.map((row) => ({ lensId: row.lensId, vector: row.vector, text: row.text })),
      query,
    );
    await repo.storeLayout(key, layout);
    return layout;
  }

  return {
    async mapOf({ lensIds, query, first }) {
      if (!Number.isInteger(first) || first < 1 || first > MAP_MAX_POINTS)
        throw new ValidationError(`first must be between 1 and ${MAP_MAX_POINTS}.`);
      const ids = [...new Set(lensIds)].slice(0, first);
      const byId = new Map((await repo.families(ids)).map((row) => [row.lensId, row]));
      const rows = ids.flatMap((id) => byId.get(id) ?? []);
      // Which families have a meaning vector is part of what the map is drawn from: a map drawn
      // while the meaning was being built is drawn again once the vectors are there.
      const drawnFrom = rows.map((row) => (row.vector ? row.lensId : `${row.lensId} not placed`));
      const key = createHash('sha256')
        .update(`${LAYOUT_VERSION}\n${query}\n${drawnFrom.join('\n')}`)
        .digest('hex');
      let layout = drawing.get(key);
      if (!layout) {
        layout = draw(key, rows, query).finally(() => drawing.delete(key));
        drawing.set(key, layout);
      }
      const { points, regions, notPlaced } = await layout;
      const shown = (id: string) => familyOf(byId.get(id)!);
      return {
        points: points
          .filter((point) => byId.has(point.lensId))
          .map((point) => ({ ...shown(point.lensId), ...point })),
        regions,
        notPlaced: notPlaced.map(shown),
        tooFew: points.length < MAP_MIN_POINTS,
      };
    },
    purgeExpired: (now: Date) => repo.purgeBefore(new Date(now.getTime() - MAP_RETENTION_MS)),
    warm: () => runner.warm(),
    close: () => runner.close(),
  };
}
