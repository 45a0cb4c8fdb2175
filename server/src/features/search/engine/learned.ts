import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { LEARNED_CANDIDATES } from './plan.js';
import { anyOf } from './tiers.js';
import type { WeightedLexeme } from './words.js';

/**
 * Records that say more (ADR 0177): AI search reads the words a patent with little text learned
 * from its IPC classes (`patent_learned`, written by the indexer), weighed below its own words.
 * Advanced search never reads them.
 */

/** A hit found through the words of its classification, and the first of those words. */
export interface ClassificationMatch {
  lensId: string;
  words: string[];
}

/** Learned words as the text vector that the expression index `patent_learned_words` holds. */
const learnedVector = (words: RawBuilder<unknown>) => sql`to_tsvector('english', ${words})`;

/**
 * The patents whose own text holds none of the words but whose learned words hold some, as
 * candidates with their learned vector (`learned`), the most learned words' weight first, at
 * most `LEARNED_CANDIDATES` of them. Disjoint from the word tiers, which hold only patents with
 * one of the words; the index on the words' vector answers the match.
 */
export function learnedCandidates(terms: readonly WeightedLexeme[], filter: RawBuilder<SqlBool>) {
  const any = anyOf(terms.map((term) => term.lexeme));
  // Each match's words are parsed once (`v.learned`), not once a word.
  const weight = sql.join(
    terms.map(
      (term) =>
        sql`CASE WHEN v.learned @@ ${anyOf([term.lexeme])}::tsquery THEN ${term.idf}::real ELSE 0 END`,
    ),
    sql` + `,
  );
  return sql`SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector, v.learned
    FROM patent_learned l JOIN patent_search s ON s.lens_id = l.lens_id
      CROSS JOIN LATERAL (SELECT ${learnedVector(sql.ref('l.words'))} AS learned) v
    WHERE ${learnedVector(sql.ref('l.words'))} @@ ${any}::tsquery AND NOT (s.text_vector @@ ${any}::tsquery) AND ${filter}
    ORDER BY ${weight} DESC, s.static_rank DESC, s.lens_id
    LIMIT ${LEARNED_CANDIDATES}`;
}

/** The word tiers' candidates (`lexical`, with a text vector) with their learned vector, if any. */
export const withLearned = (lexical: RawBuilder<unknown>) =>
  sql`SELECT t.lens_id, t.family_key, t.static_rank, t.text_vector, ${learnedVector(sql.ref('l.words'))} AS learned
      FROM (${lexical}) t LEFT JOIN patent_learned l ON l.lens_id = t.lens_id`;

/**
 * Which of the hits matched through their classification alone (their own text holds none of the
 * words), each with up to three of its learned words, those that matched first: what "why it
 * matched" says of them.
 */
export async function classificationMatches(
  db: Db,
  terms: readonly WeightedLexeme[],
  lensIds: readonly string[],
): Promise<ClassificationMatch[]> {
  if (terms.length === 0 || lensIds.length === 0) return [];
  const any = anyOf(terms.map((term) => term.lexeme));
  const { rows } = await sql<{ lens_id: string; words: string[] }>`
    SELECT l.lens_id,
           ARRAY(SELECT w FROM unnest(string_to_array(l.words, ' ')) WITH ORDINALITY AS u(w, ord)
                 ORDER BY to_tsvector('english', w) @@ ${any}::tsquery DESC, ord LIMIT 3) AS words
    FROM patent_learned l JOIN patent_search s ON s.lens_id = l.lens_id
    WHERE l.lens_id = ANY(${[...lensIds]}::text[])
      AND ${learnedVector(sql.ref('l.words'))} @@ ${any}::tsquery AND NOT (s.text_vector @@ ${any}::tsquery)`.execute(
    db,
  );
  const order = new Map(lensIds.map((lensId, index) => [lensId, index]));
  return rows
    .map((row) => ({ lensId: row.lens_id, words: row.words }))
    .sort((left, right) => order.get(left.lensId)! - order.get(right.lensId)!);
}
