import type { ClassificationMatch } from './learned.js';
import type { SpokenClass } from './query-classes.js';
import type { WeightedLexeme } from './words.js';

/** How an AI search read its text: the words it searched with, those it dropped, as a Lens query. */
export interface SearchExplanation {
  /** The words searched, rarest (heaviest) first. */
  kept: { word: string; lexeme: string; weight: number; share: number }[];
  /** The text's words left out: stop words and words too common to find anything by themselves. */
  dropped: string[];
  /** The Lens query that matches the same patents (its ranking is the advanced search's own). */
  lensQuery: string;
  /**
   * The results found through the words their classification is about, none of their own
   * (ADR 0177): "matched through its classification: beehives, hive, honey".
   */
  throughClassification: ClassificationMatch[];
  /**
   * The classes the text speaks for (ADR 0181), best first, each with its first words: among
   * patents that hold about as much of the text, those classified there rank first.
   */
  classes: SpokenClass[];
  /** What meaning added (ADR 0150), when the corpus's meaning has been derived. */
  meaning?: {
    /** The corpus words closest in meaning to the text's rarest words. */
    alsoSearched: { word: string; similar: string[] }[];
    /** The results that hold none of the searched words, found by meaning alone. */
    foundByMeaning: string[];
  };
}

/** Words as people write them, hyphenated compounds whole (Postgres indexes "solar-powered" too). */
const WORDS = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu;

function commonPrefix(left: string, right: string): number {
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length += 1;
  return length;
}

/**
 * The word of the text a stemmed lexeme came from ("battery" for "batteri"): the word that
 * shares the longest beginning with it, if that covers all of the lexeme but its last letter
 * (stemming trims endings and may change a last y to i); else the lexeme itself.
 */
function surfaceWord(lexeme: string, words: readonly string[]): string {
  let best = lexeme;
  let bestLength = 0;
  for (const word of words) {
    const shared = commonPrefix(word, lexeme);
    if (shared > bestLength && shared >= Math.max(1, lexeme.length - 1)) {
      best = word;
      bestLength = shared;
    }
  }
  return best;
}

/**
 * Explains an AI search from what it already computed (the text, its lexemes in order, the
 * weighted terms kept): a few string comparisons over a sentence's words, nothing searched.
 * AI search's candidate tiers together find every patent with any kept word (`anyOf` in
 * natural.ts), which the Lens query `w1 OR w2 ...` over the default fields finds too.
 */
export function explainNaturalSearch(text: string, terms: readonly WeightedLexeme[]): SearchExplanation {
  const words = [...new Set((text.match(WORDS) ?? []).map((word) => word.toLowerCase()))];
  const kept = [...terms]
    .sort((left, right) => right.idf - left.idf)
    .map((term) => ({
      word: surfaceWord(term.lexeme, words),
      lexeme: term.lexeme,
      weight: Math.round(term.idf * 100) / 100,
      share: Math.exp(-term.idf),
    }));
  const keptWords = new Set(kept.map((term) => term.word));
  return {
    kept,
    dropped: words.filter((word) => !keptWords.has(word)),
    lensQuery: kept.map((term) => term.word).join(' OR '),
    // Known once the search ran (natural.ts) and from the classes' words: the engine fills them in.
    throughClassification: [],
    classes: [],
  };
}
