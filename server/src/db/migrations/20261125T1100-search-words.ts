import { sql, type Kysely } from 'kysely';
import { upsertSearchRow } from './20261122T0700-bulk-search-rows.js';

/**
 * The vocabulary of the patents' text as written (titles, abstracts, claims), for wildcards
 * inside words (ADR 0101): the text index holds English stems only, against which `optimi?ation`
 * fits nothing. Each word (lower-cased, letters and digits only, as the parser cuts them) is kept
 * with its English lexeme, so that the words a wildcard fits become lexemes the text index finds.
 * In "C" order its primary key is a range scan for a pattern's literal prefix.
 *
 * Kept current by the search trigger for single writes and by `buildDeferredSearchRows` for bulk
 * loads. Words are never removed when a patent changes or goes: the vocabulary is a superset of
 * the indexed words, which is all the compiler needs to stay exact.
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
    CREATE FUNCTION patent_words(p patents) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT tsvector_to_array(to_tsvector('simple', concat_ws(' ', p.title, p.abstract, p.claims)))
    $$`.execute(db);
  // A stop word has no lexeme (NULL): kept, so that it is not looked up again on every write.
  await sql`
    CREATE FUNCTION search_word_lexeme(word text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT (tsvector_to_array(to_tsvector('english', word)))[1]
    $$`.execute(db);
  // Tokens other than a run of letters and digits (hyphenated compounds, numbers with points,
  // addresses) are left out, their parts being words of their own, as Lens tokenises them: on
  // distinct words, where the bulk paths test few. NOTE: the words come sorted (a tsvector's
  // order), so that concurrent writers of new words take their key locks in one order.
  await sql`
    CREATE OR REPLACE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND current_setting('patentscout.search_rows', true) = 'deferred' THEN
        RETURN NULL;
      END IF;
      ${upsertSearchRow}
      IF TG_OP = 'INSERT' OR (NEW.title, NEW.abstract, NEW.claims) IS DISTINCT FROM (OLD.title, OLD.abstract, OLD.claims) THEN
        INSERT INTO search_words (word, lexeme)
        SELECT w.word, search_word_lexeme(w.word) FROM unnest(patent_words(NEW)) AS w(word)
        WHERE w.word !~ '[^[:alnum:]]' AND NOT EXISTS (SELECT 1 FROM search_words v WHERE v.word = w.word)
        ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  // Collected by CREATE TABLE AS, which parallel workers may share (an INSERT's query may not).
  await sql`CREATE TEMPORARY TABLE corpus_words AS SELECT DISTINCT unnest(patent_words(p)) AS word FROM patents p`.execute(
    db,
  );
  await sql`
    INSERT INTO search_words (word, lexeme)
    SELECT word, search_word_lexeme(word) FROM corpus_words WHERE word !~ '[^[:alnum:]]' ORDER BY word`.execute(
    db,
  );
  await sql`DROP TABLE corpus_words`.execute(db);
  await sql`ANALYZE search_words`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION patent_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' AND current_setting('patentscout.search_rows', true) = 'deferred' THEN
        RETURN NULL;
      END IF;
      ${upsertSearchRow}
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`DROP FUNCTION IF EXISTS search_word_lexeme(text), patent_words(patents)`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
}
