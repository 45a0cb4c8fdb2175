import { sql, type Kysely } from 'kysely';

/**
 * The counting samples get the search index's field and filter indexes (ADR 0134). They had only
 * the word and name indexes, so that a count by classification, applicant, inventor, owner, date
 * or number read every row of the sample and computed its lists: 270 ms in the 50,000-row sample
 * of a million patents for `class_ipcr.symbol:H01M*`, on the first answer's path. Each index is a
 * twentieth (and a hundredth) of its counterpart on `patent_search` (migrations
 * 20261126T0500-search-lists-as-delimited-text and before); the top-rank partial indexes and the
 * static rank's are left out: a count reads every match, in no order.
 */
const SAMPLES = ['patent_search_sample', 'patent_search_subsample'] as const;

/** Index name suffix and its definition, as on `patent_search`. */
const INDEXES: readonly (readonly [string, string])[] = [
  ['ipc_idx', 'USING gin (classification_prefixes(list_items(ipc_symbols)))'],
  ['cpc_idx', 'USING gin (classification_prefixes(list_items(cpc_symbols)))'],
  ['inventors_idx', 'USING gin (list_items(inventors_exact))'],
  ['applicants_idx', 'USING gin (list_items(applicants_exact))'],
  ['owners_idx', 'USING gin (list_items(owners_exact))'],
  ['number_idx', '(doc_number_norm, jurisdiction)'],
  ['date_idx', '(date_published)'],
  ['priority_idx', '(priority_date)'],
  ['year_idx', '(year_published)'],
  ['first_ipc_idx', '(first_ipc text_pattern_ops)'],
  ['status_idx', '(patent_status)'],
  ['jurisdiction_idx', '(jurisdiction)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SAMPLES) {
    for (const [suffix, definition] of INDEXES) {
      await sql`CREATE INDEX ${sql.id(`${table}_${suffix}`)} ON ${sql.table(table)} ${sql.raw(definition)}`.execute(
        db,
      );
    }
    await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of SAMPLES) {
    for (const [suffix] of INDEXES)
      await sql`DROP INDEX IF EXISTS ${sql.id(`${table}_${suffix}`)}`.execute(db);
  }
}
