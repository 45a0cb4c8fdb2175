import { sql, type Kysely } from 'kysely';

/**
 * The top of the static rank's text index holds the country too, as the whole text index does
 * since `20261123T0300-text-country-index`: a search that reads the top first with a country
 * filter otherwise ANDs the top's words with the country's B-tree, which lists every patent of
 * the country (a fifth of the corpus for CN) however few of them are at the top.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_country_top_idx ON patent_search USING gin (text_vector, jurisdiction) WHERE static_rank >= 0.91`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS patent_search_text_top_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_top_idx ON patent_search USING gin (text_vector) WHERE static_rank >= 0.91`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS patent_search_text_country_top_idx`.execute(db);
}
