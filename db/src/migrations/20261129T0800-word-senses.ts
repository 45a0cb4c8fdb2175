import { sql, type Kysely } from 'kysely';

/**
 * `meaning_word_senses`: what WordNet says of a word of `meaning_words` (ADR 0175), so that
 * "also searched for" never offers a word of opposite meaning (winter -> summer, hot -> cold):
 * its most frequent senses, the kinds its noun senses are (direct hypernyms) and the senses
 * opposed to them (antonyms), each sense one integer (offset x 4 + part of speech). The indexer
 * writes it with the words; the server reads it with the corpus words.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meaning_word_senses (
      word text PRIMARY KEY,
      synsets integer[] NOT NULL,
      kinds integer[] NOT NULL,
      opposed integer[] NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE meaning_word_senses`.execute(db);
}
