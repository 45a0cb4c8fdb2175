import { countryName, INDUSTRIES, searchFiltersOf, type IndustryKey } from '@patentscout/schema';
import { z } from 'zod';
import type { Clock } from '../../shared/clock.js';
import { ValidationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { Viewer } from '../../shared/viewer.js';
import type { SearchService } from '../search/index.js';
import type { Counted, Landscape, Window } from './analytics.model.js';
import type { Bucket, InsightsRepo, Unit } from './insights.repo.js';

/** The longest range one question may span. */
const MAX_RANGE_DAYS = 800;
/** A landscape aggregates at most this many of a search's best matches. */
export const LANDSCAPE_MAX_MATCHES = 10_000;
/** Lists are cut at this many entries whatever the caller asks. */
const MAX_LIST = 100;

const instant = z
  .string()
  .trim()
  .refine((text) => /^\d{4}-\d{2}-\d{2}(T.*)?$/.test(text) && !Number.isNaN(Date.parse(text)), {
    message: 'must be an ISO date (YYYY-MM-DD) or date-time',
  })
  .transform((text) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text));

/** zod runs an object's checks even after a field failed: these look at dates only. */
const areDates = (range: { from: unknown; to: unknown }) =>
  range.from instanceof Date && range.to instanceof Date;

const RangeInput = z
  .object({ from: instant, to: instant })
  .refine((range) => !areDates(range) || range.from < range.to, { message: 'from must be before to' })
  .refine(
    (range) => !areDates(range) || range.to.getTime() - range.from.getTime() <= MAX_RANGE_DAYS * 86_400_000,
    { message: `a range spans at most ${MAX_RANGE_DAYS} days` },
  );

/**
 * A landscape's search: its kind and query, and the search vocabulary's filters (checked by the
 * search itself), except that `kind` names the search's kind here, so the kind-code filter is
 * `kind_codes`.
 */
const LandscapeInput = z.looseObject({
  kind: z.enum(['AI', 'ADVANCED']),
  query: z.string(),
  kind_codes: z.array(z.string()).nullish(),
});
/** A collection as a landscape's set of patents (issue 50): its members instead of a search's matches. */
const CollectionLandscapeInput = z.looseObject({ collection: z.string() });

const limitOf = (limit: number): number => {
  if (!Number.isInteger(limit) || limit < 1) throw new ValidationError('limit must be 1 or more.');
  return Math.min(limit, MAX_LIST);
};

const withCountryNames = (rows: Counted[]) =>
  rows.map((row) => ({ ...row, label: countryName(row.value) ?? null }));

/** The analysts' insights: the figures over a window, the corpus, and a search's landscape. */
export interface InsightsService {
  /** Checks the caller and the range; the figures then read the window it answers. */
  open(viewer: Viewer | null, range: unknown): Promise<Window>;
  searchesOverTime: (w: Window, interval: 'DAY' | 'WEEK', by: 'KIND' | 'PLAN') => Promise<Bucket[]>;
  searches: (w: Window) => Promise<number>;
  topQueries: (w: Window, limit: number) => Promise<Counted[]>;
  topFilters: (
    w: Window,
    limit: number,
  ) => Promise<
    (Counted & {
      filter: string;
    })[]
  >;
  /** A search counts for an industry when its IPC filters include all of the industry's codes. */
  topIndustries(
    w: Window,
    limit: number,
  ): Promise<
    {
      value: IndustryKey;
      label: string | null;
      count: number;
    }[]
  >;
  topCountries: (
    w: Window,
    limit: number,
  ) => Promise<
    {
      label: string | null;
      value: string;
      count: number;
    }[]
  >;
  signUps: (w: Window, interval: 'DAY' | 'WEEK') => Promise<Bucket[]>;
  activeUsers: (w: Window) => Promise<number>;
  /** The calendar month (UTC) in which the range ends, up to its end. */
  freeUsersAtLimit(w: Window): Promise<number>;
  subscriptions(w: Window): Promise<{
    started: number;
    cancelled: number;
    activeNow: number;
  }>;
  subscriptionsOverTime: (w: Window, interval: 'DAY' | 'WEEK') => Promise<Bucket[]>;
  pageViewsByRoute: (w: Window, limit: number) => Promise<Counted[]>;
  corpus: {
    byYear: () => Promise<Counted[]>;
    byCountry: (limit: number) => Promise<
      {
        label: string | null;
        value: string;
        count: number;
      }[]
    >;
    byStatus: () => Promise<Counted[]>;
    enrichmentCoverage(): Promise<{
      enriched: number;
      total: number;
      ratio: number;
    }>;
    lastReindexRun(): Promise<{
      id: string;
      query: string;
      status: string;
      startedAt: string;
      finishedAt: string | null;
      read: number;
      inserted: number;
      updated: number;
      skipped: number;
      error: string | null;
    } | null>;
  };
  /**
   * A search's best matches (up to LANDSCAPE_MAX_MATCHES) as aggregates: publications per year,
   * owners, IPC subclasses and countries. Checked like a search, counted toward no allowance.
   */
  landscape(viewer: Viewer | null, input: unknown): Promise<Landscape>;
}

/**
 * The analytics analysts read: searches, users, subscriptions, page views and the corpus over a
 * time range, and a search's matches as aggregates (a landscape). Every entry is gated by the
 * `gate` (an analyst key or a signed-in analyst account); the rest reads an opened window.
 */
export function createInsightsService(deps: {
  repo: InsightsRepo;
  clock: Clock;
  freeSearchesPerMonth: number;
  gate: (viewer: Viewer | null) => Promise<void>;
  search: Pick<SearchService, 'checkRequest' | 'matchIds'>;
  /** The members of a collection the analyst may see (their own, or shared with them); 404 otherwise. */
  collectionMembers: (uid: string, collectionId: unknown) => Promise<string[]>;
}): InsightsService {
  const { repo, gate, search } = deps;
  const unit = (interval: 'DAY' | 'WEEK'): Unit => (interval === 'WEEK' ? 'week' : 'day');
  /** The subscription counts are one statement for their three fields, read once per window. */
  const subscriptionCounts = new WeakMap<Window, ReturnType<InsightsRepo['subscriptionCounts']>>();

  /** Every member of the collection still in the corpus, each once (not one per family). */
  async function collectionLandscape(uid: string, collectionId: unknown): Promise<Landscape> {
    const lensIds = await deps.collectionMembers(uid, collectionId);
    const { countries, ...aggregates } = await repo.landscape(lensIds, MAX_LIST);
    return {
      basis: `all ${lensIds.length} patents of the collection`,
      counted: lensIds.length,
      total: lensIds.length,
      estimated: false,
      ...aggregates,
      countries: withCountryNames(countries),
      lensIds,
      query: '',
    };
  }

  return {
    /** Checks the caller and the range; the figures then read the window it answers. */
    async open(viewer: Viewer | null, range: unknown): Promise<Window> {
      await gate(viewer);
      return parseInput(RangeInput, range);
    },
    searchesOverTime: (w: Window, interval: 'DAY' | 'WEEK', by: 'KIND' | 'PLAN') =>
      by === 'PLAN' ? repo.searchesByPlan(w, unit(interval)) : repo.searchesByKind(w, unit(interval)),
    searches: (w: Window) => repo.searches(w),
    topQueries: (w: Window, limit: number) => repo.topQueries(w, limitOf(limit)),
    topFilters: (w: Window, limit: number) => repo.topFilters(w, limitOf(limit)),
    /** A search counts for an industry when its IPC filters include all of the industry's codes. */
    async topIndustries(w: Window, limit: number) {
      const sets = await repo.ipcFilterSets(w);
      const counts = INDUSTRIES.map((industry) => ({
        value: industry.key,
        label: industry.label as string | null,
        count: sets
          .filter((set) => industry.ipcCodes.every((code) => set.codes.includes(code)))
          .reduce((sum, set) => sum + set.count, 0),
      }));
      return counts
        .filter((industry) => industry.count > 0)
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
        .slice(0, limitOf(limit));
    },
    topCountries: async (w: Window, limit: number) =>
      withCountryNames(await repo.topCountries(w, limitOf(limit))),
    signUps: (w: Window, interval: 'DAY' | 'WEEK') => repo.signUps(w, unit(interval)),
    activeUsers: (w: Window) => repo.activeUsers(w),
    /** The calendar month (UTC) in which the range ends, up to its end. */
    freeUsersAtLimit(w: Window) {
      const last = new Date(w.to.getTime() - 1);
      const monthStart = new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), 1));
      return repo.freeUsersAtLimit(monthStart, w.to, deps.freeSearchesPerMonth);
    },
    subscriptions(w: Window) {
      let counts = subscriptionCounts.get(w);
      if (!counts) {
        counts = repo.subscriptionCounts(w);
        subscriptionCounts.set(w, counts);
      }
      return counts;
    },
    subscriptionsOverTime: (w: Window, interval: 'DAY' | 'WEEK') =>
      repo.subscriptionsOverTime(w, unit(interval)),
    pageViewsByRoute: (w: Window, limit: number) => repo.pageViewsByRoute(w, limitOf(limit)),
    corpus: {
      byYear: () => repo.corpusByYear(),
      byCountry: async (limit: number) =>
        withCountryNames(await repo.corpusBy('jurisdiction', limitOf(limit))),
      byStatus: () => repo.corpusBy('patent_status', MAX_LIST),
      async enrichmentCoverage() {
        const { enriched, total } = await repo.enrichment();
        return { enriched, total, ratio: total === 0 ? 0 : enriched / total };
      },
      async lastReindexRun() {
        const run = await repo.lastIndexRun();
        if (!run) return null;
        return {
          id: run.id,
          query: run.query,
          status: run.status,
          startedAt: new Date(run.started_at).toISOString(),
          finishedAt: run.finished_at ? new Date(run.finished_at).toISOString() : null,
          read: run.read,
          inserted: run.inserted,
          updated: run.updated,
          skipped: run.skipped,
          error: run.error,
        };
      },
    },

    /**
     * A search's best matches (up to LANDSCAPE_MAX_MATCHES) as aggregates: publications per year,
     * owners, IPC subclasses and countries. Checked like a search, counted toward no allowance.
     */
    async landscape(viewer: Viewer | null, input: unknown): Promise<Landscape> {
      await gate(viewer);
      const asked = CollectionLandscapeInput.safeParse(input);
      if (asked.success) return collectionLandscape(viewer!.uid, asked.data.collection);
      const { kind, query, kind_codes, ...filters } = parseInput(LandscapeInput, input);
      const request = search.checkRequest(kind === 'AI' ? 'ai' : 'boolean', {
        ...searchFiltersOf(filters),
        kind: kind_codes,
        query,
      });
      const matches = await search.matchIds(viewer, request, LANDSCAPE_MAX_MATCHES);
      const counted = matches.lensIds.length;
      const { countries, ...aggregates } = await repo.landscape(matches.lensIds, MAX_LIST);
      // One publication per simple family is counted; where families group matches, say so.
      const everyFamily = !matches.estimated && counted === matches.families;
      const unit = matches.families === matches.total ? 'matches' : 'simple families';
      return {
        basis: `${everyFamily ? 'all' : 'top'} ${counted} ${unit}`,
        counted,
        total: matches.total,
        estimated: matches.estimated,
        ...aggregates,
        countries: withCountryNames(countries),
        lensIds: matches.lensIds,
        query,
      };
    },
  };
}
