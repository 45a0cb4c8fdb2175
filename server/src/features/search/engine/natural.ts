import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { filtersCondition, filtersShareAlongRank, type SearchFilters } from './filters.js';
import {
  CLASS_AGREEMENT,
  CLASS_FEEDBACK,
  COUNTING,
  FIELD_SHARE,
  LEARNED_SHARE,
  READ_IN_ORDER_DENSITY,
  STATIC_RANK_SHARE,
  textIndexedShares,
  UNKNOWN_VALUE_SHARES,
  type CountingTuning,
} from './plan.js';
import { countAhead, countMatches, type CountCache } from './counts.js';
import { countedAnswer, rankCandidates, type RankedCandidates } from './rank.js';
import { blendedCandidates, blendedRanking, type MeaningCandidates } from './meaning-blend.js';
import type { TermStats, ValueShares } from './statistics.js';
import { topRankFirst } from './row-order.js';
import {
  holdsAnyWord,
  candidateTiers,
  tierDensity,
  tierShareAtMost,
  tsLexeme,
  type CandidateTier,
} from './tiers.js';
import type { WeightedLexeme } from './words.js';
import { classificationMatches, learnedCandidates, withLearned } from './learned.js';
import { classAgreement, NO_CLASSES, type QueryClasses } from './query-classes.js';
import { orderByClassFeedback } from './class-feedback.js';

/**
 * How a tier is read. In static-rank order rather than through the GIN index (`inOrder`) when at
 * least `READ_IN_ORDER_DENSITY` of the rows it passes are expected to match (`tierDensity`,
 * times the share the filters keep). Through the GIN index, the top of the static rank first
 * (`topFirst`, `topRankFirst`: each part through its own partial index) when the top may hold a
 * budget's worth of its matches, at the most its words allow (`tierShareAtMost`): words on one
 * subject come together far more often than independent ones would, so the likely share misses
 * the tiers that fill the budget. Such a tier's bitmap is built from the top's postings, about a
 * sixth, and the rest is only read when the top fell short, at the rest's share of the cost.
 * Neither under a filter whose matches may be sparse at the top of the rank
 * (`filtersShareAlongRank` is then null).
 */
function tierReads(
  terms: WeightedLexeme[],
  filters: SearchFilters,
  corpus: SearchCorpusShares,
  budget: number,
): { inOrder: (tier: CandidateTier) => boolean; topFirst: (tier: CandidateTier) => boolean } {
  const filterShare = filtersShareAlongRank(filters, corpus);
  if (filterShare === null) return { inOrder: () => false, topFirst: () => false };
  const frequencies = new Map(terms.map((term) => [term.lexeme, Math.exp(-term.idf)]));
  const frequency = (lexeme: string) => frequencies.get(lexeme) ?? 0;
  const topRankDocuments = corpus.topRankDocuments ?? 0;
  return {
    inOrder: (tier) => filterShare * tierDensity(tier, frequency) >= READ_IN_ORDER_DENSITY,
    topFirst: (tier) => filterShare * tierShareAtMost(tier, frequency) * topRankDocuments >= budget,
  };
}

/** The filter values' shares, and how many patents are at the top of the static rank when known. */
export type SearchCorpusShares = ValueShares & Partial<Pick<TermStats, 'topRankDocuments'>>;

/**
 * AI search's SQL over `patent_search` (alias `s`): its candidate tiers (`candidateTiers`), in
 * order, as one UNION ALL; the score of a candidate `c`, by the rarity of the words it contains,
 * each counted by the best field it appears in (title over abstract over claims), with the
 * static rank last; and the condition of every match, whose count the planner estimates.
 */
function naturalQuery(
  terms: WeightedLexeme[],
  filters: SearchFilters,
  shares: SearchCorpusShares,
  budget: number,
  classes: QueryClasses,
) {
  const filter = filtersCondition(filters, shares);
  const indexedFilter = filtersCondition(filters, textIndexedShares(shares));
  const lexemes = [...terms].sort((left, right) => right.idf - left.idf).map((term) => term.lexeme);
  // A tier's words go to the planner as sub-selects, which it does not estimate: each estimate
  // decompresses the text vector's statistics (its most common words), most of a search's
  // planning; the read of each tier is chosen here instead. A tier dense enough is matched by a
  // function call, which no index answers, so that the table is read in order and the read
  // stops when the budget is full; any other tier is read through the GIN index. Exclusions and
  // requirements are checked on the rows that a tier's match found.
  const reads = tierReads(terms, filters, shares, budget);
  const tierQueries = candidateTiers(lexemes).map((tier) => {
    const exclusions = tier.except.map((text) => sql` AND NOT (s.text_vector @@ (SELECT ${text}::tsquery))`);
    const inOrder = reads.inOrder(tier);
    const requirement = !tier.require
      ? sql``
      : inOrder
        ? sql` AND ts_match_vq(s.text_vector, (SELECT ${tier.require}::tsquery))`
        : sql` AND s.text_vector @@ (SELECT ${tier.require}::tsquery)`;
    const matching = inOrder
      ? sql`ts_match_vq(s.text_vector, ${tier.match}::tsquery)`
      : sql`s.text_vector @@ (SELECT ${tier.match}::tsquery)`;
    const select = (part?: RawBuilder<SqlBool>) =>
      sql`SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM patent_search s
          WHERE ${matching}${requirement}${sql.join(exclusions, sql``)} AND ${inOrder ? filter : indexedFilter}${part ? sql` AND ${part}` : sql``}`;
    return sql`(${!inOrder && reads.topFirst(tier) ? topRankFirst(select) : select()})`;
  });
  // A candidate lacks most of the query's words: one match tells that, where asking field by
  // field takes three. A word it lacks may be among the words it learned (ADR 0177), when the
  // row carries them (`learned`).
  const wordScore = (row: string, learned: boolean) => (term: WeightedLexeme) =>
    sql`CASE WHEN NOT (${sql.ref(`${row}.text_vector`)} @@ ${tsLexeme(term.lexeme)}::tsquery) THEN ${
      learned
        ? sql`CASE WHEN ${sql.ref(`${row}.learned`)} @@ ${tsLexeme(term.lexeme)}::tsquery THEN ${term.idf * LEARNED_SHARE}::real ELSE 0 END`
        : sql`0`
    }
             WHEN ${sql.ref(`${row}.text_vector`)} @@ ${tsLexeme(term.lexeme, 'AD')}::tsquery THEN ${term.idf * FIELD_SHARE.title}::real
             WHEN ${sql.ref(`${row}.text_vector`)} @@ ${tsLexeme(term.lexeme, 'B')}::tsquery THEN ${term.idf * FIELD_SHARE.abstract}::real
             ELSE ${term.idf * FIELD_SHARE.claims}::real END`;
  /**
   * The words' part of the score of candidate `row` (alias): the lexical candidates (`l`, `c`)
   * carry their learned words, the meaning's (`x`, meaning-blend.ts) only their own.
   */
  const wordsOf = (row: string) => sql`(${sql.join(terms.map(wordScore(row, row !== 'x')), sql` + `)})`;
  const fullScore = terms.reduce((sum, term) => sum + term.idf * FIELD_SHARE.title, 0);
  /** The share of the text's weight that the best lexical candidate's words leave uncovered. */
  const uncovered = sql`(1 - least(0.95, greatest(0.05, max(c.words) OVER () / ${Math.max(fullScore, 1e-6)}::real)))`;
  return {
    tiers: sql.join(tierQueries, sql` UNION ALL `),
    learned: learnedCandidates(terms, indexedFilter),
    /**
     * The lexical candidates (`lexical`) scored by their words once each (`c.words`), for `score`;
     * they carry no text vector onwards.
     */
    scored: (lexical: RawBuilder<unknown>) =>
      sql`SELECT c.lens_id, c.family_key, c.static_rank, ${wordsOf('c')} AS words FROM (${lexical}) c`,
    // The classes' agreement on the words' scale, as much as the best match leaves (ADR 0181).
    score: sql`c.words + ${sql.lit(STATIC_RANK_SHARE)} * c.static_rank
      + ${CLASS_AGREEMENT.share * fullScore}::real * ${uncovered} * ${classAgreement('c', classes)}`,
    uncovered,
    wordsOf,
    /** The score a patent with every word in its title would have. */
    fullScore,
    everyMatch: naturalMatchCondition(terms, filters),
    filter,
  };
}

/**
 * Every match of an AI search by its words, the patents with any of them under its filters, as
 * a count wants it: the filters may use their indexes, and the planner weighs them against the
 * words. The same condition, and so the same cached count, with meaning or without: the matches
 * by meaning alone are counted apart (`meaningOnlyCount`, ADR 0166).
 */
export function naturalMatchCondition(terms: WeightedLexeme[], filters: SearchFilters) {
  return sql<SqlBool>`${holdsAnyWord('s', terms)} AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}`;
}

/**
 * Runs `work` (JavaScript that takes a while) once the statements begun before it are sent: a
 * statement's connection is taken and its text written in promise jobs and ticks, which an
 * immediate runs after. Called right away, `work` would hold them back until it ends, and
 * Postgres would wait idle beside it.
 */
export const whilePostgresWorks = <T>(work: () => T): Promise<T> =>
  new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error as Error);
      }
    }),
  );

/**
 * Natural-language search. Candidates come in tiers (`candidateTiers`), read in static-rank order
 * until the budget is full, a tier only when the ones before it left room. Candidates are scored
 * by the rarity of the words they contain, each counted by the best field it appears in (title
 * over abstract over claims), with the static rank last.
 */
export async function naturalSearch(
  db: Db,
  request: {
    terms: WeightedLexeme[];
    filters: SearchFilters;
    maxResults: number;
    budget: number;
    /** Counts made before, kept for searches run again. */
    counts?: CountCache;
    /** How counts beyond the budget are made (COUNTING by default). */
    counting?: CountingTuning;
    /**
     * The patents nearest in meaning, to rank with the words' matches (ADR 0150): found (in
     * JavaScript) while Postgres counts the words' matches, which need not wait for them.
     */
    meaning?: () => MeaningCandidates | Promise<MeaningCandidates>;
    /** The classes the text speaks for (ADR 0181): their patents rank higher. */
    classes?: QueryClasses;
    /**
     * How much the text names a subject rather than one invention (`subjectBreadth`, 0 to 1):
     * how much its first results' classes order them again (ADR 0190). None by default.
     */
    subject?: number;
  },
  shares: SearchCorpusShares = UNKNOWN_VALUE_SHARES,
): Promise<RankedCandidates> {
  const {
    terms,
    filters,
    maxResults,
    budget,
    counts,
    counting = COUNTING,
    classes = NO_CLASSES,
    subject = 0,
  } = request;
  if (terms.length === 0) return { total: 0, families: 0, estimated: false, hits: [] };
  const { tiers, learned, scored, score, uncovered, wordsOf, fullScore, everyMatch, filter } = naturalQuery(
    terms,
    filters,
    shares,
    budget,
    classes,
  );
  const count = countAhead(countMatches(db, everyMatch, counting, counts), counting.exactGraceMs);
  // The patents found through their classes' words alone join beside the budget (ADR 0177).
  const lexical = sql`${withLearned(sql`SELECT * FROM (${tiers}) tiers LIMIT ${budget}`)} UNION ALL (${learned})`;
  const full = sql`${Math.max(fullScore, 1e-6)}::real`;
  const meaning = request.meaning ? await whilePostgresWorks(request.meaning) : undefined;
  // Ranked deep enough for the first results' classes to order them again (ADR 0190).
  const ranked = Math.max(maxResults, CLASS_FEEDBACK.depth);
  const rows =
    meaning && meaning.lensIds.length > 0
      ? await rankCandidates(
          db,
          blendedCandidates(lexical, meaning, { terms, filters, filter, wordsOf, full, budget }),
          blendedRanking(fullScore, classes),
          ranked,
        )
      : await rankCandidates(db, scored(lexical), { score, tieBreak: sql`0`, uncovered }, ranked);
  // Squared, the gate closes faster as the best match holds more of the text: a near-whole match
  // is a known item, whose near-equals are ordered by their words alone.
  const feedback = orderByClassFeedback(rows, (rows[0]?.uncovered ?? 0) ** 2 * subject);
  // Every lexical candidate contains some word, and the tiers together are every match, so when
  // they stayed under the budget the counts are exact; the matches by meaning alone are counted
  // beside the words' count, never waited for.
  const answer = await countedAnswer(feedback.hits.slice(0, maxResults), budget, count);
  const throughClassification = await classificationMatches(
    db,
    terms,
    answer.hits.map((hit) => hit.lens_id),
  );
  // Like the flagged hits, only an answer with such hits, or such classes, says so.
  return {
    ...answer,
    ...(throughClassification.length > 0 ? { throughClassification } : {}),
    ...(feedback.groups.length > 0 ? { agreedClasses: feedback.groups } : {}),
  };
}
