import { sql, type Kysely } from 'kysely';

/**
 * Word indexes over the rest of the static rank (`static_rank < 0.91`), the complement of the
 * top's (migrations 20261123T0200-top-rank-indexes and 20261123T0400-text-country-top-index). A
 * search that reads the top first and finds too few there reads the rest next; through the
 * whole index, its bitmap held the top's postings again, so a tier that did not fill its budget
 * at the top cost a sixth more than one read of the whole. Through these it costs what one read
 * of the whole did. The whole indexes stay: a count reads every match, in no order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_country_rest_idx ON patent_search USING gin (text_vector, jurisdiction) WHERE static_rank < 0.91`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS patent_search_names_rest_idx ON patent_search USING gin (names_vector) WHERE static_rank < 0.91`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS patent_search_names_rest_idx`.execute(db);
  await sql`DROP INDEX IF EXISTS patent_search_text_country_rest_idx`.execute(db);
}
