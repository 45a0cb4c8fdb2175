import { sql, type Kysely } from 'kysely';

/**
 * The vocabulary of the patents' text as written (titles, abstracts, claims), for wildcards
 * inside words (ADR 0101): the text index holds English stems only, against which `optimi?ation`
 * fits nothing. Each word (lower-cased, letters and digits only, as the parser cuts them) is kept
 * with its English lexeme, so that the words a wildcard fits become lexemes the text index finds.
 * In "C" order its primary key is a range scan for a pattern's literal prefix.
 *
 * Kept current by statement triggers for ordinary writes and by `buildDeferredSearchRows` for
 * bulk loads. Words are never removed when a patent changes or goes: the vocabulary is a superset
 * of the indexed words, which is all the compiler needs to stay exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE search_words (
      word text COLLATE "C" PRIMARY KEY,
      lexeme text COLLATE "C"
    )`.execute(db);
  // Which words share a lexeme (or a start of one): tells the compiler where stems conflate words.
  await sql`CREATE INDEX search_words_lexeme_idx ON search_words (lexeme)`.execute(db);

  // One parse of the three fields: its tokens, lower-cased, each once.
  await sql`
    CREATE FUNCTION patent_words(title text, abstract text, claims text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT tsvector_to_array(to_tsvector('simple', concat_ws(' ', title, abstract, claims)))
    $$`.execute(db);
  // A stop word has no lexeme (NULL): kept, so that it is not looked up again on every write.
  await sql`
    CREATE FUNCTION search_word_lexeme(word text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (tsvector_to_array(to_tsvector('english', word)))[1]
    $$`.execute(db);
  // Tokens other than a run of letters and digits (hyphenated compounds, numbers with points,
  // addresses) are left out, their parts being words of their own, as Lens tokenises them: on
  // distinct words, where the bulk paths test few. Each writer adds the words of a whole
  // statement at once, in one sorted INSERT: two writers adding the same new words then take
  // their keys in one order and cannot deadlock (row by row, a batch's rows would interleave).
  await sql`
    CREATE FUNCTION add_search_words(words text[]) RETURNS void LANGUAGE sql AS $$
      INSERT INTO search_words (word, lexeme)
      SELECT w.word, search_word_lexeme(w.word) FROM (SELECT DISTINCT unnest(words) AS word) w
      WHERE w.word !~ '[^[:alnum:]]' AND NOT EXISTS (SELECT 1 FROM search_words v WHERE v.word = w.word)
      ORDER BY w.word
      ON CONFLICT DO NOTHING
    $$`.execute(db);
  // Inserts deferred to a bulk build (20261122T0700-bulk-search-rows) leave their words to it.
  await sql`
    CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF current_setting('patentscout.search_rows', true) IS DISTINCT FROM 'deferred' THEN
        PERFORM add_search_words(ARRAY(
          SELECT DISTINCT unnest(patent_words(n.title, n.abstract, n.claims)) FROM new_rows n));
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM add_search_words(ARRAY(
        SELECT DISTINCT unnest(patent_words(n.title, n.abstract, n.claims))
        FROM new_rows n LEFT JOIN old_rows o ON o.lens_id = n.lens_id
        WHERE (n.title, n.abstract, n.claims) IS DISTINCT FROM (o.title, o.abstract, o.claims)));
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER patents_search_words_insert AFTER INSERT ON patents
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted()`.execute(
    db,
  );
  await sql`
    CREATE TRIGGER patents_search_words_update AFTER UPDATE ON patents
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION search_words_updated()`.execute(db);

  // Collected by CREATE TABLE AS, which parallel workers may share (an INSERT's query may not).
  await sql`
    CREATE TEMPORARY TABLE corpus_words AS
    SELECT DISTINCT unnest(patent_words(p.title, p.abstract, p.claims)) AS word FROM patents p`.execute(db);
  await sql`SELECT add_search_words(ARRAY(SELECT word FROM corpus_words))`.execute(db);
  await sql`DROP TABLE corpus_words`.execute(db);
  await sql`ANALYZE search_words`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS patents_search_words_update ON patents`.execute(db);
  await sql`DROP TRIGGER IF EXISTS patents_search_words_insert ON patents`.execute(db);
  await sql`
    DROP FUNCTION IF EXISTS search_words_updated(), search_words_inserted(), add_search_words(text[]),
      search_word_lexeme(text), patent_words(text, text, text)`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
}
