import { sql, type RawBuilder } from 'kysely';
import type { Db } from '@patentscout/db';
import type { Clock } from '../../../shared/clock.js';
import { CLASS_AGREEMENT, MEANING_INDEX, STATISTICS_REFRESH_MS } from './plan.js';
import type { WeightedLexeme } from './words.js';

/**
 * The classes a plain-language query is about (ADR 0181), read from the words that distinguish
 * each IPC main group or subclass (`class_words`, learned by the indexer, ADR 0177): a query's
 * rare word that is one of a class's first words speaks for that class. Results of the classes
 * the query speaks for most rank higher, so that "keep bees healthy in winter" favours beehives
 * over waterfowl. Nothing is learned at search time; nothing downloads.
 */

/** For a lexeme, the classes whose words hold it, each with how early it stands among them (1 first). */
export type ClassIndex = ReadonlyMap<string, readonly { cls: string; weight: number }[]>;

/** The classes a query speaks for, each with its agreement (0..1]: the best class has the most. */
export interface QueryClasses {
  classes: string[];
  agreements: number[];
}

export const NO_CLASSES: QueryClasses = { classes: [], agreements: [] };

/** The class index, and each class's words as learned, first first: what an explanation names. */
export interface ClassVocabulary {
  index: ClassIndex;
  words: ReadonlyMap<string, readonly string[]>;
}

/** A class a search speaks for, as its explanation names it: the symbol and its first words. */
export interface SpokenClass {
  symbol: string;
  words: string[];
}

/** How many of the classes a search speaks for its explanation names, and how many words each. */
const NAMED_CLASSES = 3;
const NAMED_WORDS = 3;

/** How much a class's later words count against its first: the eighth counts 0.44 of the first. */
const LATER_WORD_DECAY = 0.08;

export async function loadClassVocabulary(db: Db): Promise<ClassVocabulary> {
  // The words as the text vector's lexemes: ts_lexize stems them as the 'english' configuration
  // does (after lower-casing) and answers an empty array for a stop word.
  const { rows } = await sql<{ cls: string; words: string[]; lexemes: (string | null)[] }>`
    SELECT c.class AS cls, c.words,
           ARRAY(SELECT (ts_lexize('english_stem', lower(u.word)))[1]
                 FROM unnest(c.words) WITH ORDINALITY AS u(word, ord) ORDER BY u.ord) AS lexemes
    FROM class_words c`.execute(db);
  const index = new Map<string, { cls: string; weight: number }[]>();
  const words = new Map<string, readonly string[]>();
  for (const { cls, words: classWords, lexemes } of rows) {
    words.set(cls, classWords);
    const seen = new Set<string>();
    lexemes.forEach((lexeme, position) => {
      if (!lexeme || seen.has(lexeme)) return;
      seen.add(lexeme);
      const entries = index.get(lexeme) ?? [];
      entries.push({ cls, weight: 1 - LATER_WORD_DECAY * position });
      index.set(lexeme, entries);
    });
  }
  return { index, words };
}

/**
 * The classes' words read again at most once per statistics period: the indexer rewrites them
 * rarely. None learned yet is read again sooner (`MEANING_INDEX.refreshMs`): the indexer learns
 * them in the first minutes after a start, and a vocabulary read before that would otherwise leave
 * AI search without classes for the whole period.
 */
export function createClassVocabularySource(
  load: () => Promise<ClassVocabulary>,
  clock: Clock,
): { current(): Promise<ClassVocabulary> } {
  let cached: { at: number; vocabulary: Promise<ClassVocabulary>; keepMs: number } | null = null;
  return {
    current() {
      const now = clock.now().getTime();
      if (!cached || now - cached.at > cached.keepMs) {
        const vocabulary = load();
        const read = { at: now, vocabulary, keepMs: STATISTICS_REFRESH_MS };
        cached = read;
        vocabulary.then(
          ({ index }) => {
            if (index.size === 0) read.keepMs = MEANING_INDEX.refreshMs;
          },
          // A failed read is tried again at the next search, not kept.
          () => {
            if (cached === read) cached = null;
          },
        );
      }
      return cached.vocabulary;
    },
  };
}

/**
 * The classes `terms` speak for: each term votes its rarity for each class whose words hold it,
 * more for its earlier words. A class is kept when it has at least `CLASS_AGREEMENT.keep` of the
 * best class's votes, and only when the best class's votes come to `CLASS_AGREEMENT.least` of the
 * query's weight (one rare word of a class can carry a query's subject: "bees" in "a way to keep
 * bees healthy in winter"); its agreement is its votes over the best's (1 for the best). A query
 * whose words no class holds speaks for none, and ranks as before.
 */
export function queryClasses(index: ClassIndex, terms: readonly WeightedLexeme[]): QueryClasses {
  const total = terms.reduce((sum, term) => sum + term.idf, 0);
  if (total <= 0 || index.size === 0) return NO_CLASSES;
  const votes = new Map<string, number>();
  for (const term of terms)
    for (const { cls, weight } of index.get(term.lexeme) ?? [])
      votes.set(cls, (votes.get(cls) ?? 0) + term.idf * weight);
  const best = Math.max(0, ...votes.values());
  if (best / total < CLASS_AGREEMENT.least) return NO_CLASSES;
  const kept = [...votes]
    .filter(([, vote]) => vote >= CLASS_AGREEMENT.keep * best)
    .sort((left, right) => right[1] - left[1] || left[0].localeCompare(right[0]))
    .slice(0, CLASS_AGREEMENT.most);
  return {
    classes: kept.map(([cls]) => cls),
    agreements: kept.map(([, vote]) => vote / best),
  };
}

/**
 * The agreement of candidate `row` (alias, a `patent_search` row's lens id) with the query's
 * classes: the best of its IPC main groups' and subclasses', 0 without one. Read by primary key
 * for the candidates only.
 */
export function classAgreement(row: string, query: QueryClasses): RawBuilder<unknown> {
  if (query.classes.length === 0) return sql`0::real`;
  return sql`coalesce((
    SELECT max(q.agreement)
    FROM patent_search i
      CROSS JOIN LATERAL unnest(string_to_array(i.ipc_symbols, E'\\x1F')) AS symbol
      JOIN unnest(${query.classes}::text[], ${query.agreements}::real[]) AS q(cls, agreement)
        ON q.cls IN (upper(split_part(trim(symbol), '/', 1)), left(upper(trim(symbol)), 4))
    WHERE i.lens_id = ${sql.ref(`${row}.lens_id`)}), 0)::real`;
}

/**
 * The classes that ordered a search as a searcher reads them (the first `NAMED_CLASSES`), each
 * with its first learned words: "A01K47: beehives, bees, hive". The classes `query` speaks for
 * come first, best first; then the main groups its first results agreed on (`agreed`, ADR 0190),
 * those whose words the indexer learned: a group without them would be a bare symbol.
 */
export function spokenClasses(
  query: QueryClasses,
  words: ClassVocabulary['words'],
  agreed: readonly string[] = [],
): SpokenClass[] {
  const fromResults = agreed.filter((symbol) => words.has(symbol) && !query.classes.includes(symbol));
  return [...query.classes, ...fromResults]
    .slice(0, NAMED_CLASSES)
    .map((symbol) => ({ symbol, words: (words.get(symbol) ?? []).slice(0, NAMED_WORDS) }));
}
