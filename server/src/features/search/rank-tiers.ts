import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SearchFilters } from './search.types.js';

/**
 * The lower bound of the top of the static rank, whose words have indexes of their own
 * (migrations 20261123T0200-top-rank-indexes and 20261123T0400-text-country-top-index; a test
 * checks that the planner uses them for the SQL written with this bound).
 */
export const TOP_RANK_MIN = 0.91;

/**
 * A candidate query that needs words, `select(part)` over the top of the static rank first, then
 * over the rest: under a LIMIT the second part is only read when the first left room. A GIN
 * bitmap reads every posting of its words before the first row, and the top's word indexes hold
 * about a sixth of them, so a search whose budget fills at the top reads a sixth; one that does
 * not reads both parts, a sixth more than one scan. Rows come in the order of one scan of the
 * table, which lies in static-rank order.
 */
export function topRankFirst(
  select: (part: RawBuilder<SqlBool>) => RawBuilder<unknown>,
): RawBuilder<unknown> {
  const bound = sql.lit(TOP_RANK_MIN);
  return sql`(${select(sql<SqlBool>`s.static_rank >= ${bound}`)}) UNION ALL (${select(sql<SqlBool>`s.static_rank < ${bound}`)})`;
}

/**
 * Filters on years or legal status follow the static rank, which is built from the publication
 * year and the status: the top may hold none of their matches ("expired", "2000 to 2010") and
 * would be read for nothing.
 */
export function filtersFollowRank(filters: SearchFilters): boolean {
  return filters.years !== null || filters.statuses.length > 0;
}
