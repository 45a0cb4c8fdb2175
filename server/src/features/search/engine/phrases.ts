import type { LeafNode } from '@patentscout/schema';
import { sql, type RawBuilder } from 'kysely';

type TsQuery = RawBuilder<unknown>;
type Phrase = Extract<LeafNode, { kind: 'phrase' }>;

/** A word as the text search reads it: a run of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;

/** The words of a phrase, as the proximity search pairs them. */
export const phraseWords = (text: string): string[] => text.match(WORD) ?? [];

/**
 * A proximity phrase (`"solar cell"~3`): each word within `slop` words of the next, in either
 * order. Postgres' phrase operator says one exact distance, so each neighbouring pair is the OR
 * of every distance both ways: (words - 1) x slop x 2 pieces, which the query budget bounds
 * (the shared parser's limits and the engine's `QUERY_BUDGET`).
 */
function proximityQuery(phrase: Phrase, config: RawBuilder<unknown>): TsQuery {
  const words = phraseWords(phrase.text);
  if (words.length < 2) return sql`plainto_tsquery(${config}::regconfig, ${phrase.text})`;
  const word = (text: string) => sql`plainto_tsquery(${config}::regconfig, ${text})`;
  const pairs = words.slice(1).map((next, index) => {
    const previous = words[index]!;
    const distances = Array.from({ length: phrase.slop! }, (_, step) => step + 1).flatMap((distance) => [
      sql`tsquery_phrase(${word(previous)}, ${word(next)}, ${distance})`,
      sql`tsquery_phrase(${word(next)}, ${word(previous)}, ${distance})`,
    ]);
    return sql`(${sql.join(distances, sql` || `)})`;
  });
  return sql`(${sql.join(pairs, sql` && `)})`;
}

/** A quoted phrase as a tsquery: its words in order, or near each other when it has a proximity. */
export function phraseQuery(phrase: Phrase, config: RawBuilder<unknown>): TsQuery {
  return phrase.slop === null
    ? sql`phraseto_tsquery(${config}::regconfig, ${phrase.text})`
    : proximityQuery(phrase, config);
}
