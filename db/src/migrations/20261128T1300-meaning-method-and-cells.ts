import { sql, type Kysely } from 'kysely';

/**
 * - `meaning_model.method`: which method made the patent vectors (ADR 0164): `words` for the
 *   embedded word-vector method, `openai:<model>` for a configured embeddings endpoint. Vectors
 *   of two methods are not comparable: the indexer rebuilds them all when the method changes.
 * - `meaning_model.centroids` and `patent_vectors.cell`: the cells a large corpus's vectors are
 *   grouped in (ADR 0165), so that a search reads the cells nearest to its vector instead of
 *   every vector: the cells' centres (float32, 100 values each; NULL: no cells) and each
 *   vector's cell (NULL: not in a cell, always read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE meaning_model
      ADD COLUMN method text NOT NULL DEFAULT 'words',
      ADD COLUMN centroids bytea`.execute(db);
  await sql`ALTER TABLE patent_vectors ADD COLUMN cell smallint`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE patent_vectors DROP COLUMN cell`.execute(db);
  await sql`ALTER TABLE meaning_model DROP COLUMN method, DROP COLUMN centroids`.execute(db);
}
