import { sql, type Kysely } from 'kysely';

/**
 * Which method made the patent vectors (ADR 0164): `words` for the embedded word-vector method,
 * `openai:<model>` for a configured embeddings endpoint. Vectors of two methods are not
 * comparable, so the indexer rebuilds them all when the configured method differs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE meaning_model ADD COLUMN method text NOT NULL DEFAULT 'words'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE meaning_model DROP COLUMN method`.execute(db);
}
