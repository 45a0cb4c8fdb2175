import { sql, type Kysely } from 'kysely';

/**
 * The text index holds each patent's country beside its words (a multicolumn GIN index, with
 * `btree_gin` for the text column), so that a search for words in a few countries intersects
 * the two in the index instead of reading every match of the words and checking its country.
 * It answers searches for words alone as the index it replaces did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_country_idx ON patent_search USING gin (text_vector, jurisdiction)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS patent_search_text_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_text_idx ON patent_search USING gin (text_vector)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS patent_search_text_country_idx`.execute(db);
}
