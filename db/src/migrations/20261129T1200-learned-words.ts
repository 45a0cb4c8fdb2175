import { sql, type Kysely } from 'kysely';

/**
 * Words a record with little text learns from the corpus (ADR 0177):
 * - `class_words`: per IPC main group (A01K47) or, for groups with too few patents with text, per
 *   subclass (A01K), the words that distinguish its patents with abstracts from the corpus, most
 *   distinguishing first; written whole by the indexer's corpus step;
 * - `patent_learned`: for a patent without an abstract, the words of its classes (`learned_words`),
 *   as people write them, which AI search alone reads (by the expression index) and weighs below
 *   the patent's own words. Advanced search never reads it, so Lens queries match as before.
 * The trigger keeps a patent's row current as it arrives or changes, once the classes' words exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE class_words (
      class text PRIMARY KEY,
      words text[] NOT NULL,
      patents integer NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE patent_learned (
      lens_id text PRIMARY KEY REFERENCES patents (lens_id) ON DELETE CASCADE,
      words text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX patent_learned_words ON patent_learned USING gin (to_tsvector('english', words))`.execute(
    db,
  );
  // A main group's words, or its subclass's when the group has none; the first words of each
  // class first, at most eight. NULL for a patent with an abstract or without a known class.
  await sql`
    CREATE FUNCTION learned_words(abstract text, ipc_symbols text) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT CASE WHEN coalesce(abstract, '') <> '' THEN NULL ELSE (
        SELECT string_agg(word, ' ' ORDER BY ord, word) FROM (
          SELECT u.word, min(u.ord) AS ord
          FROM (SELECT DISTINCT upper(split_part(trim(symbol), '/', 1)) AS grp
                FROM unnest(string_to_array(ipc_symbols, E'\\x1F')) symbol WHERE trim(symbol) <> '') g
          CROSS JOIN LATERAL (SELECT c.words FROM class_words c WHERE c.class IN (g.grp, left(g.grp, 4))
                              ORDER BY length(c.class) DESC LIMIT 1) c
          CROSS JOIN LATERAL unnest(c.words) WITH ORDINALITY AS u(word, ord)
          GROUP BY u.word ORDER BY min(u.ord), u.word LIMIT 8) t) END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION patent_learned_write() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE learned text;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM class_words) THEN RETURN NULL; END IF;
      learned := learned_words(NEW.abstract, NEW.ipc_symbols);
      IF learned IS NULL THEN
        DELETE FROM patent_learned WHERE lens_id = NEW.lens_id;
      ELSE
        INSERT INTO patent_learned (lens_id, words) VALUES (NEW.lens_id, learned)
        ON CONFLICT (lens_id) DO UPDATE SET words = excluded.words;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER patents_learned_words AFTER INSERT OR UPDATE OF abstract, ipc_symbols ON patents
    FOR EACH ROW EXECUTE FUNCTION patent_learned_write()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER patents_learned_words ON patents`.execute(db);
  await sql`DROP FUNCTION patent_learned_write()`.execute(db);
  await sql`DROP FUNCTION learned_words(text, text)`.execute(db);
  await sql`DROP TABLE patent_learned`.execute(db);
  await sql`DROP TABLE class_words`.execute(db);
}
