import { phraseWords, type LeafNode } from '@patentscout/schema';
import { sql, type RawBuilder } from 'kysely';

type TsQuery = RawBuilder<unknown>;
type Phrase = Extract<LeafNode, { kind: 'phrase' }>;

/** A phrase compiled: what it matches, and the words alone (all of them), when it has a proximity. */
export interface PhraseQuery {
  query: TsQuery;
  /**
   * For a proximity phrase, its words ANDed: what the text index can answer, cheaply, before the
   * proximity is checked on the few rows that hold every word (text-conditions.ts).
   */
  allWords: TsQuery | null;
}

/**
 * The text of a proximity tsquery (`"solar cell"~3`): each word within `slop` words of the next,
 * in either order. Postgres' phrase operator says one exact distance, so each neighbouring pair
 * is the OR of every distance both ways: (words - 1) x slop x 2 operands, which the query budget
 * bounds (`LENS_QUERY_LIMITS.proximityDistances`). Written as one text, which `to_tsquery` reads
 * with the search's configuration (stems, stop words), it is one parameter of the statement, not
 * thousands. Words are runs of letters and digits (`phraseWords`): nothing to escape.
 */
function proximityText(words: readonly string[], slop: number): string {
  const pairs = words.slice(1).map((next, index) => {
    const previous = words[index]!;
    const distances = Array.from({ length: slop }, (_, step) => step + 1).flatMap((distance) => [
      `${previous} <${distance}> ${next}`,
      `${next} <${distance}> ${previous}`,
    ]);
    return `(${distances.join(' | ')})`;
  });
  return pairs.join(' & ');
}

/** A quoted phrase as a tsquery: its words in order, or near each other when it has a proximity. */
export function phraseQuery(phrase: Phrase, config: RawBuilder<unknown>): PhraseQuery {
  const words = phraseWords(phrase.text);
  if (phrase.slop === null)
    return { query: sql`phraseto_tsquery(${config}::regconfig, ${phrase.text})`, allWords: null };
  if (words.length < 2)
    return { query: sql`plainto_tsquery(${config}::regconfig, ${phrase.text})`, allWords: null };
  return {
    query: sql`to_tsquery(${config}::regconfig, ${proximityText(words, phrase.slop)})`,
    allWords: sql`plainto_tsquery(${config}::regconfig, ${words.join(' ')})`,
  };
}
