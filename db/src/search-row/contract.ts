import { sql, type RawBuilder } from 'kysely';

/**
 * THE SEARCH ROW'S CONTRACT, stated once (ADR 0154): what `patent_search_row(p)` computes from a
 * patent, the row the trigger writes and the bulk build (build.ts, stage.ts) inserts. Migrations
 * 20261126T0410, 0500 and 0930 create the function from here, each with the way its patents'
 * lists were stored then; 20261122T0500 (the first row, with columns 0410 dropped) keeps its own
 * snapshot. A change to the row is a new migration that calls `searchRowFunction` again.
 */

/**
 * The static rank, 0 to 1: newer first (half of it over 1980-2030), then with an abstract, in
 * force or pending, and with AI text. Bulk builds store the rows in its order and the engine's
 * reads stop early on it (the engine's row-order.ts; TOP_RANK_MIN in its plan.ts).
 */
export const STATIC_RANK = `(least(greatest(extract(year FROM p.date_published) - 1980, 0), 50) / 50.0) * 0.5
        + CASE WHEN p.abstract <> '' THEN 0.25 ELSE 0 END
        + CASE WHEN p.patent_status IN ('ACTIVE', 'PATENTED', 'PENDING') THEN 0.15 ELSE 0 END
        + CASE WHEN p.ai_title IS NOT NULL THEN 0.1 ELSE 0 END`;

/** How the row reads a patent's list column: as stored (symbols), lower-cased (names), as words. */
export interface ListReading {
  list: (column: string) => string;
  lowered: (column: string) => string;
  words: (column: string) => string;
}

/** Lists stored as one text each, items separated by U+001F (since 20261126T0930, ADR 0130). */
export const LISTS_AS_TEXT: ListReading = {
  list: (column) => column,
  lowered: (column) => `lower(${column})`,
  words: (column) => `replace(${column}, E'\\x1F', ' ')`,
};

/** Patents' lists as arrays, the row's as delimited text (20261126T0500 to 0930). */
export const ARRAYS_TO_TEXT: ListReading = {
  list: (column) => `array_to_string(${column}, E'\\x1F')`,
  lowered: (column) => `array_to_string(lower_all(${column}), E'\\x1F')`,
  words: (column) => `array_to_string(${column}, ' ')`,
};

/** Arrays on both sides (20261126T0410 to 0500). */
export const ARRAYS: ListReading = {
  list: (column) => column,
  lowered: (column) => `lower_all(${column})`,
  words: (column) => `array_to_string(${column}, ' ')`,
};

/** `CREATE OR REPLACE FUNCTION patent_search_row`, its lists read as `reading` says. */
export const searchRowFunction = ({
  list,
  lowered,
  words,
}: ListReading = LISTS_AS_TEXT): RawBuilder<unknown> =>
  sql.raw(`
  CREATE OR REPLACE FUNCTION patent_search_row(p patents) RETURNS patent_search
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT ROW(
      p.lens_id,
      coalesce(p.family_id, p.lens_id),
      ${STATIC_RANK},
      upper(p.jurisdiction),
      upper(p.kind),
      p.publication_type,
      ltrim(p.doc_number, '0'),
      p.date_published,
      extract(year FROM p.date_published)::int,
      p.earliest_priority_date,
      p.patent_status,
      upper(p.first_ipc),
      ${list('p.ipc_symbols')},
      ${list('p.cpc_symbols')},
      ${lowered('p.inventors')},
      ${lowered('p.applicants')},
      ${lowered('p.owners')},
      setweight(to_tsvector('english', p.title), 'A')
        || setweight(to_tsvector('english', p.abstract), 'B')
        || setweight(to_tsvector('english', p.claims), 'C')
        || setweight(to_tsvector('english', coalesce(p.ai_title, '')), 'D'),
      setweight(to_tsvector('simple', ${words('p.inventors')}), 'A')
        || setweight(to_tsvector('simple', ${words('p.applicants')}), 'B')
        || setweight(to_tsvector('simple', ${words('p.owners')}), 'C')
    )::patent_search
  $$`);
