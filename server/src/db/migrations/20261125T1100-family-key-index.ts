import { sql, type Kysely } from 'kysely';

/**
 * A search answers one item per simple family and lists the family's other indexed members
 * beside it (ADR 0100): they are found by the family key, for the ranked page only, through
 * this index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS patent_search_family_key_idx ON patent_search (family_key)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS patent_search_family_key_idx`.execute(db);
}
