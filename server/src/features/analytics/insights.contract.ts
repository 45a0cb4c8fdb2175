import type { Counted, Window } from './analytics.model.js';

export type Unit = 'day' | 'week';

export interface Bucket {
  start: string;
  series: string;
  count: number;
}

/** A run of the indexer, as the insights read it. */
export interface IndexRunRow {
  id: string;
  query: string;
  status: string;
  started_at: Date;
  finished_at: Date | null;
  read: number;
  inserted: number;
  updated: number;
  skipped: number;
  error: string | null;
}

/** The analysts' insights' SQL: searches, accounts, subscriptions, page views and the corpus. */
export interface InsightsRepo {
  searchesByKind(w: Window, unit: Unit): Promise<Bucket[]>;
  /** The searcher's plan as it stands now (the plans module's rule of "subscribed"). */
  searchesByPlan(w: Window, unit: Unit): Promise<Bucket[]>;
  searches(w: Window): Promise<number>;
  topQueries(w: Window, limit: number): Promise<Counted[]>;
  /**
   * Each filter value a search used (years as one "from-to" value), counted once per search. The
   * whole year range is every search's default, not a choice, so it is left out.
   */
  topFilters(
    w: Window,
    limit: number,
  ): Promise<
    Array<
      Counted & {
        filter: string;
      }
    >
  >;
  /** The distinct IPC filter lists searched, with how many searches used each. */
  ipcFilterSets(w: Window): Promise<
    Array<{
      codes: string[];
      count: number;
    }>
  >;
  topCountries(w: Window, limit: number): Promise<Counted[]>;
  signUps(w: Window, unit: Unit): Promise<Bucket[]>;
  activeUsers(w: Window): Promise<number>;
  /** Open free accounts with at least `free` searches from `monthStart` to `to`. */
  /** Free accounts (not deleted) limited by the plans module's rule in the month up to `to`. */
  freeUsersAtLimit(monthStart: Date, to: Date, freeSearchesPerMonth: number): Promise<number>;
  subscriptionCounts(w: Window): Promise<{
    started: number;
    cancelled: number;
    activeNow: number;
  }>;
  subscriptionsOverTime(w: Window, unit: Unit): Promise<Bucket[]>;
  /** Routes: the query string dropped, a patent's id replaced by :id. */
  pageViewsByRoute(w: Window, limit: number): Promise<Counted[]>;
  corpusByYear(): Promise<Counted[]>;
  corpusBy(column: 'jurisdiction' | 'patent_status', limit: number): Promise<Counted[]>;
  enrichment(): Promise<{
    enriched: number;
    total: number;
  }>;
  lastIndexRun(): Promise<IndexRunRow | undefined>;
  /** A landscape's aggregates over the given patents, in one statement. */
  landscape(
    lensIds: string[],
    most: number,
  ): Promise<{
    byYear: Counted[];
    owners: Counted[];
    ipc: Counted[];
    countries: Counted[];
  }>;
}
