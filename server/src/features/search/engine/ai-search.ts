import type { Db } from '@patentscout/db';
import { subjectBreadth } from './class-feedback.js';
import { exactCountOnce, type CountCache } from './counts.js';
import { explainNaturalSearch } from './explain.js';
import type { SearchFilters } from './filters.js';
import { meaningOnlyCount } from './meaning-blend.js';
import type { MeaningSource } from './meaning/meaning-source.js';
import { naturalMatchCondition, naturalSearch, whilePostgresWorks } from './natural.js';
import { COUNTING, MEANING_CANDIDATES } from './plan.js';
import { queryClasses, spokenClasses, type ClassVocabulary } from './query-classes.js';
import type { RankedCandidates } from './rank.js';
import type { TermStats } from './statistics.js';
import { weightedTerms } from './words.js';

/**
 * AI search as the engine runs it: the text's words weighed, its meaning (when the corpus has
 * one) ranked with them, and the explanation of both (ADR 0150, 0166).
 */
export interface AiSearchParts {
  meaning: MeaningSource;
  counts: CountCache;
  /** The text's lexemes (the engine caches them). */
  lexemesOf(on: Db, text: string): Promise<string[]>;
  /** The classes' words, by lexeme and by class (ADR 0181). */
  classVocabulary: { current(): Promise<ClassVocabulary> };
}

export async function aiSearch(
  on: Db,
  parts: AiSearchParts,
  request: { text: string; filters: SearchFilters; maxResults: number; budget: number },
  stats: TermStats,
): Promise<RankedCandidates> {
  const { text, filters, maxResults, budget } = request;
  const [lexemes, understood, vocabulary] = await Promise.all([
    parts.lexemesOf(on, text),
    parts.meaning.meaningOf(text),
    parts.classVocabulary.current(),
  ]);
  const terms = weightedTerms(lexemes, stats);
  const classes = queryClasses(vocabulary.index, terms);
  const searching = naturalSearch(
    on,
    {
      terms,
      filters,
      maxResults,
      budget,
      counts: parts.counts,
      classes,
      subject: subjectBreadth(new Set(lexemes).size),
      meaning: understood
        ? async () => {
            const nearest = await parts.meaning.nearest(understood.vector, MEANING_CANDIDATES);
            return {
              lensIds: nearest.map((entry) => entry.lensId!),
              similarities: nearest.map((entry) => entry.similarity),
              floor: nearest.at(-1)?.similarity ?? 0,
            };
          }
        : undefined,
    },
    stats,
  );
  // Explained while Postgres ranks: the words already weighed, the meaning's neighbour words
  // (scanned in a scan thread). Asked for in the immediate after the one that asks for the
  // nearest patents, so that the ranking statement is sent first.
  const explained = explainNaturalSearch(text, terms);
  const alsoSearched = understood
    ? await whilePostgresWorks(() => whilePostgresWorks(() => understood.alsoSearched()))
    : [];
  const { flagged = [], throughClassification = [], agreedClasses = [], ...answer } = await searching;
  const explanation = { ...explained, classes: spokenClasses(classes, vocabulary.words, agreedClasses) };
  return {
    ...answer,
    explanation: understood
      ? { ...explanation, throughClassification, meaning: { alsoSearched, foundByMeaning: flagged } }
      : { ...explanation, throughClassification },
  };
}

/**
 * The exact counts of an AI search. The words' count is the one words alone make (and may be
 * running or cached already); the patents nearest in meaning that hold none of the words were
 * matches of the answer too, counted apart as the answer counted them (ADR 0166).
 */
export async function countAiSearch(
  on: Db,
  parts: AiSearchParts,
  request: { text: string; filters: SearchFilters },
  stats: TermStats,
): Promise<{ total: number; families: number } | null> {
  const terms = weightedTerms(await parts.lexemesOf(on, request.text), stats);
  if (terms.length === 0) return { total: 0, families: 0 };
  const nearestIds = async () => {
    const understood = await parts.meaning.meaningOf(request.text);
    if (!understood) return [];
    return (await parts.meaning.nearest(understood.vector, MEANING_CANDIDATES)).map((entry) => entry.lensId!);
  };
  const [byWords, byMeaning] = await Promise.all([
    exactCountOnce(on, naturalMatchCondition(terms, request.filters), COUNTING.deferredExactMs, parts.counts),
    nearestIds().then((ids) => meaningOnlyCount(on, terms, request.filters, ids)),
  ]);
  return byWords
    ? { total: byWords.total + byMeaning.total, families: byWords.families + byMeaning.families }
    : null;
}
