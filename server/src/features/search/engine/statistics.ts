/**
 * What the engine knows of the corpus when it plans a search: the contract between the
 * statistics' source (term-stats.ts) and the rules that weigh them (plan.ts, the conditions).
 */

/** Columns of `patent_search` whose common values' shares steer the plans (filters, keyword fields). */
export const STATISTICS_COLUMNS = ['jurisdiction', 'patent_status', 'year_published'] as const;
export type StatisticsColumn = (typeof STATISTICS_COLUMNS)[number];

/** Share of patents (0..1) with one of `values` in `column`, from the planner's statistics. */
export interface ValueShares {
  share(column: StatisticsColumn, values: readonly string[]): number;
  /** Share of patents published in the years from..to (either end open when null). */
  yearShare(from: number | null, to: number | null): number;
}

/** What the engine knows of the corpus when it plans a search. */
export interface TermStats extends ValueShares {
  /** Share of patents (0..1) whose text contains the lexeme. */
  frequency(lexeme: string): number;
  /** The planner's count of searchable patents (0 before the first ANALYZE). */
  documents: number;
  /** The planner's count of patents at the top of the static rank (`TOP_RANK_MIN`). */
  topRankDocuments: number;
}

/** The corpus statistics, read again when they are older than `STATISTICS_REFRESH_MS`. */
export interface TermStatsSource {
  current(): Promise<TermStats>;
}
