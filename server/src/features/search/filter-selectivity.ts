import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** The search table's columns with a plain index and values shared by many patents. */
export type FilterColumn = 'jurisdiction' | 'patent_status' | 'year_published';

/** Share of patents (0..1) with one of `values` in `column`, from the planner's statistics. */
export interface ValueShares {
  share(column: FilterColumn, values: readonly string[]): number;
  /** Share of patents published in the years from..to (either end open when null). */
  yearShare(from: number | null, to: number | null): number;
}

/** Without statistics every value counts as rare, so that every filter may use its index. */
export const UNKNOWN_VALUE_SHARES: ValueShares = { share: () => 0, yearShare: () => 0 };

/**
 * Above this share a filter's index costs more than it saves: a search reads at most its
 * candidate budget, while the index's bitmap holds every row with the value (300,000 rows,
 * 40-50 ms, for "US or EP" at a million patents; 67,000 rows, 15-20 ms, for AU, in each tier
 * of an AI search, whose tiers now find such countries in the text index instead); the
 * planner, which does not see the budget, would still AND that bitmap with a word's postings.
 */
const BROAD_FILTER_SHARE = 0.02;

/**
 * The condition as is, or, when it holds for a large share of patents, as `IS TRUE` (the same
 * truth, never NULL, with the same selectivity estimate), which no index answers.
 */
export function indexedUnlessBroad(condition: RawBuilder<SqlBool>, share: number): RawBuilder<SqlBool> {
  return share > BROAD_FILTER_SHARE ? sql<SqlBool>`((${condition}) IS TRUE)` : condition;
}

/**
 * The text index also holds each patent's country (`gin (text_vector, jurisdiction)`), so that
 * a search for words in a few countries skips through the country's postings instead of reading
 * every match of the words: at a million patents, 17,000 rows read to keep the 600 from
 * Australia (50 ms) became 1,200 (19 ms). For countries with more than this share of patents a
 * search is cheaper checking the rows it reads, as the read stops when the budget is full.
 */
const COUNTRIES_IN_TEXT_INDEX_SHARE = 0.1;

/**
 * The shares as a search that reads the text index weighs them: countries up to the share above
 * count as rare, so that their condition stays where the index can take it.
 */
export function countriesInTextIndex(shares: ValueShares): ValueShares {
  return {
    ...shares,
    share: (column, values) => {
      const share = shares.share(column, values);
      return column === 'jurisdiction' && share <= COUNTRIES_IN_TEXT_INDEX_SHARE ? 0 : share;
    },
  };
}
