import { sql } from 'kysely';
import type { Db } from '@patentscout/db';
import { COMMON_WORD_SHARE, MAX_QUERY_TERMS } from './plan.js';
import type { TermStats } from './statistics.js';

/** A query word of AI search, stemmed, with its rarity. */
export interface WeightedLexeme {
  lexeme: string;
  /** Inverse document frequency, ln(1 / share of patents with the lexeme): rarer lexemes weigh more. */
  idf: number;
}

/** The text's distinct lexemes (stemmed, stop words dropped by Postgres), in the order they first occur. */
export async function lexemesOf(db: Db, text: string): Promise<string[]> {
  const { rows } = await sql<{ lexeme: string }>`
    SELECT lexeme FROM unnest(to_tsvector('english', ${text})) ORDER BY positions[1], lexeme`.execute(db);
  return rows.map((row) => row.lexeme);
}

/**
 * The query's meaningful words with their rarity: words in more than `COMMON_WORD_SHARE` of all
 * patents are left out unless nothing else is left, and at most the `MAX_QUERY_TERMS` rarest are
 * kept. The words stay in the query's order, so that neighbours in the query can be told apart.
 */
export function weightedTerms(lexemes: string[], stats: Pick<TermStats, 'frequency'>): WeightedLexeme[] {
  const terms = lexemes.map((lexeme, order) => ({ lexeme, order, frequency: stats.frequency(lexeme) }));
  const informative = terms.filter((term) => term.frequency <= COMMON_WORD_SHARE);
  return (informative.length > 0 ? informative : terms)
    .sort((left, right) => left.frequency - right.frequency)
    .slice(0, MAX_QUERY_TERMS)
    .sort((left, right) => left.order - right.order)
    .map((term) => ({ lexeme: term.lexeme, idf: Math.log(1 / Math.max(term.frequency, 1e-6)) }));
}
