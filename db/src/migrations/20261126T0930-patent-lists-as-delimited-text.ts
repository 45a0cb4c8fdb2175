import { sql, type Kysely } from 'kysely';

/**
 * A patent's five remaining lists (IPC and CPC symbols, inventors, applicants, owners) as one
 * text each, items separated by U+001F, as migration 20261126T0500 stored its AI types and uses
 * and the search rows' lists (ADR 0130): about 125 B a patent less. `patents` is rewritten once
 * (one ALTER for the five) inside the migration's transaction. The search row is built from the
 * stored text: its lists are the patent's (lower-cased for the names), its names vector reads
 * the names with spaces between them, as before.
 */
const LISTS = ['ipc_symbols', 'cpc_symbols', 'inventors', 'applicants', 'owners'] as const;

/** How the search row reads a patent's list: as it is (symbols), lower-cased (names), as words. */
interface ListReading {
  list: (column: string) => string;
  lowered: (column: string) => string;
  words: (column: string) => string;
}

const FROM_TEXT: ListReading = {
  list: (column) => column,
  lowered: (column) => `lower(${column})`,
  words: (column) => `replace(${column}, E'\\x1F', ' ')`,
};

/** Migration 20261126T0500's reading of the arrays. */
const FROM_ARRAYS: ListReading = {
  list: (column) => `array_to_string(${column}, E'\\x1F')`,
  lowered: (column) => `array_to_string(lower_all(${column}), E'\\x1F')`,
  words: (column) => `array_to_string(${column}, ' ')`,
};

/** The search row of patent `p` (migration 20261126T0500), its lists read as `reading` says. */
const searchRow = ({ list, lowered, words }: ListReading) =>
  sql.raw(`
  CREATE OR REPLACE FUNCTION patent_search_row(p patents) RETURNS patent_search
  LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT ROW(
      p.lens_id,
      coalesce(p.family_id, p.lens_id),
      (least(greatest(extract(year FROM p.date_published) - 1980, 0), 50) / 50.0) * 0.5
        + CASE WHEN p.abstract <> '' THEN 0.25 ELSE 0 END
        + CASE WHEN p.patent_status IN ('ACTIVE', 'PATENTED', 'PENDING') THEN 0.15 ELSE 0 END
        + CASE WHEN p.ai_title IS NOT NULL THEN 0.1 ELSE 0 END,
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

/**
 * One ALTER, so one rewrite. The default is set again: the old one (the empty array) would
 * otherwise be kept as the text '{}'.
 */
const retypeLists = (type: string, using: (column: string) => string, emptyList: string) =>
  sql.raw(
    `ALTER TABLE patents ${LISTS.map(
      (column) =>
        `ALTER COLUMN ${column} DROP DEFAULT, ALTER COLUMN ${column} TYPE ${type} USING ${using(column)}, ` +
        `ALTER COLUMN ${column} SET DEFAULT ${emptyList}`,
    ).join(', ')}`,
  );

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`${retypeLists('text', (column) => `array_to_string(${column}, E'\\x1F')`, `''`)}`.execute(db);
  await sql`${searchRow(FROM_TEXT)}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`${retypeLists('text[]', (column) => `list_items(${column})`, `'{}'`)}`.execute(db);
  await sql`${searchRow(FROM_ARRAYS)}`.execute(db);
}
