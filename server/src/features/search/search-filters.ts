import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { indexedUnlessBroad, type ValueShares } from './filter-selectivity.js';
import type { SearchFilters } from './search.types.js';

const FEW_PREFIXES = 16;

/** The request's filters as one condition over `patent_search` (alias `s`). */
export function filtersCondition(filters: SearchFilters, shares: ValueShares): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (filters.ipcPrefixes.length > 0) {
    const patterns = filters.ipcPrefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, '\\$&')}%`);
    // A few prefixes as separate LIKEs, so that each can be a range scan of the first-IPC index;
    // the long lists of industry categories as one LIKE ANY.
    parts.push(
      patterns.length <= FEW_PREFIXES
        ? sql<SqlBool>`coalesce(${sql.join(
            patterns.map((pattern) => sql`s.first_ipc LIKE ${pattern}`),
            sql` OR `,
          )}, false)`
        : sql<SqlBool>`coalesce(s.first_ipc LIKE ANY (${sql.val(patterns)}::text[]), false)`,
    );
  }
  if (filters.statuses.length > 0) {
    const condition = sql<SqlBool>`s.patent_status = ANY (${sql.val(filters.statuses)}::text[])`;
    parts.push(indexedUnlessBroad(condition, shares.share('patent_status', filters.statuses)));
  }
  if (filters.jurisdictions.length > 0) {
    const condition = sql<SqlBool>`s.jurisdiction = ANY (${sql.val(filters.jurisdictions)}::text[])`;
    parts.push(indexedUnlessBroad(condition, shares.share('jurisdiction', filters.jurisdictions)));
  }
  if (filters.years) {
    const [from, to] = filters.years;
    parts.push(
      indexedUnlessBroad(
        sql<SqlBool>`s.year_published BETWEEN ${from} AND ${to}`,
        shares.yearShare(from, to),
      ),
    );
  }
  return parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}
