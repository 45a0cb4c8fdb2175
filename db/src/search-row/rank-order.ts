import { sql, type RawBuilder } from 'kysely';

/** Past this share of new rows, a bulk build rebuilds the table and its indexes instead of inserting. */
export const REINDEX_SHARE = 0.5;
/** Committed patents whose search rows one background statement of a bulk load computes. */
export const STAGE_CHUNK = 4_000;

/**
 * The rows of `tables` in static-rank order. Sorting whole rows (~1.5 KB each, vectors included)
 * spills to disk at a million; this sorts their keys in memory and fetches each row by its ctid in
 * that order. Only a nested loop keeps the sorted order, so the caller turns the other joins off.
 */
export function rowsInRankOrder(tables: readonly string[]): RawBuilder<unknown> {
  const keys = sql.join(
    tables.map(
      (table, source) =>
        sql`SELECT ${sql.lit(source)} AS source, ctid AS row_id, static_rank FROM ${sql.table(table)}`,
    ),
    sql` UNION ALL `,
  );
  const rows = sql.join(
    tables.map(
      (table, source) =>
        sql`SELECT * FROM ${sql.table(table)} r WHERE k.source = ${sql.lit(source)} AND r.ctid = k.row_id`,
    ),
    sql` UNION ALL `,
  );
  return sql`SELECT r.* FROM (${keys} ORDER BY static_rank DESC) k CROSS JOIN LATERAL (${rows}) r ORDER BY k.static_rank DESC`;
}

/** Inserts that are not a bulk build keep at least their own rows in rank order. */
export function inRankOrder(rows: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`SELECT * FROM (${rows}) AS rows ORDER BY static_rank DESC`;
}
