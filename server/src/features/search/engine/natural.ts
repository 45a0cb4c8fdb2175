import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { filtersCondition, filtersShareAlongRank, type SearchFilters } from './filters.js';
import {
  COUNTING,
  FIELD_SHARE,
  MEANING_SHARE,
  READ_IN_ORDER_DENSITY,
  STATIC_RANK_SHARE,
  textIndexedShares,
  UNKNOWN_VALUE_SHARES,
  type CountingTuning,
} from './plan.js';
import { countAhead, countMatches, type CountCache } from './counts.js';
import { countedAnswer, rankCandidates, type RankedCandidates } from './rank.js';
import type { TermStats, ValueShares } from './statistics.js';
import { topRankFirst } from './row-order.js';
import {
  anyOf,
  candidateTiers,
  tierDensity,
  tierShareAtMost,
  tsLexeme,
  type CandidateTier,
} from './tiers.js';
import type { WeightedLexeme } from './words.js';

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
  meaningIds: readonly string[] = [],
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
  // field takes three.
  const wordScore = (term: WeightedLexeme) =>
    sql`CASE WHEN NOT (c.text_vector @@ ${tsLexeme(term.lexeme)}::tsquery) THEN 0
             WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'AD')}::tsquery THEN ${term.idf * FIELD_SHARE.title}::real
             WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'B')}::tsquery THEN ${term.idf * FIELD_SHARE.abstract}::real
             ELSE ${term.idf * FIELD_SHARE.claims}::real END`;
  const words = sql`(${sql.join(terms.map(wordScore), sql` + `)})`;
  return {
    tiers: sql.join(tierQueries, sql` UNION ALL `),
    score: sql`${words} + ${sql.lit(STATIC_RANK_SHARE)} * c.static_rank`,
    /** The words' part of the score alone. */
    words,
    /** The score a patent with every word in its title would have. */
    fullScore: terms.reduce((sum, term) => sum + term.idf * FIELD_SHARE.title, 0),
    everyMatch: naturalMatchCondition(terms, filters, meaningIds),
    filter,
  };
}

/**
 * Every match of an AI search, the patents with any of its words under its filters, as a count
 * wants it: the filters may use their indexes, and the planner weighs them against the words.
 */
export function naturalMatchCondition(
  terms: WeightedLexeme[],
  filters: SearchFilters,
  /** The patents nearest in meaning that the search ranks too: they count as matches (ADR 0150). */
  meaningIds: readonly string[] = [],
) {
  const words = anyOf(terms.map((term) => term.lexeme));
  const matched =
    meaningIds.length > 0
      ? sql`(s.text_vector @@ ${words}::tsquery OR s.lens_id = ANY(${[...meaningIds]}::text[]))`
      : sql`s.text_vector @@ ${words}::tsquery`;
  return sql<SqlBool>`${matched} AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}`;
}

/** The patents nearest to an AI search's text in meaning, with their similarity (ADR 0150). */
export interface MeaningCandidates {
  lensIds: string[];
  similarities: number[];
  /** The similarity of a word match that is not among them: the least of theirs. */
  floor: number;
}

/**
 * Words and meaning ranked together (ADR 0150). Each candidate `c` carries `coverage`, the share
 * of the text's weight its words hold (1 for every word in its title), and `similarity`, its
 * closeness in meaning. Meaning counts by the odds against the best coverage among the
 * candidates: little when some patent holds the text's words (the words' order stays), much when
 * none does. `flag` marks the candidates that hold none of the words: found by meaning alone.
 */
function blendedRanking(fullScore: number) {
  const best = sql`least(0.95, greatest(0.05, max(c.coverage) OVER ()))`;
  return {
    score: sql`c.coverage + ${sql.lit(STATIC_RANK_SHARE)} * c.static_rank / ${Math.max(fullScore, 1e-6)}::real
      + ${MEANING_SHARE}::real * (1 - ${best}) / ${best} * c.similarity`,
    tieBreak: sql`0`,
    flag: sql`c.coverage = 0`,
  };
}

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
    /** The patents nearest in meaning, to rank with the words' matches (ADR 0150). */
    meaning?: MeaningCandidates;
  },
  shares: SearchCorpusShares = UNKNOWN_VALUE_SHARES,
): Promise<RankedCandidates> {
  const { terms, filters, maxResults, budget, counts, counting = COUNTING, meaning } = request;
  if (terms.length === 0) return { total: 0, families: 0, estimated: false, hits: [] };
  const { tiers, score, words, fullScore, everyMatch, filter } = naturalQuery(
    terms,
    filters,
    shares,
    budget,
    meaning?.lensIds,
  );
  const count = countAhead(countMatches(db, everyMatch, counting, counts), counting.exactGraceMs);
  const lexical = sql`SELECT * FROM (${tiers}) tiers LIMIT ${budget}`;
  const rows =
    meaning && meaning.lensIds.length > 0
      ? await rankCandidates(
          db,
          sql`WITH lexical AS MATERIALIZED (${lexical})
              SELECT c.*, coalesce(m.similarity, ${meaning.floor}::real) AS similarity,
                     (${words} / ${Math.max(fullScore, 1e-6)}::real)::real AS coverage
              FROM (SELECT * FROM lexical
                    UNION ALL
                    SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector
                    FROM unnest(${meaning.lensIds}::text[]) n(lens_id) JOIN patent_search s ON s.lens_id = n.lens_id
                    WHERE ${filter} AND NOT EXISTS (SELECT 1 FROM lexical l WHERE l.lens_id = n.lens_id)) c
              LEFT JOIN unnest(${meaning.lensIds}::text[], ${meaning.similarities}::real[]) m(lens_id, similarity)
                ON m.lens_id = c.lens_id`,
          blendedRanking(fullScore),
          maxResults,
        )
      : await rankCandidates(db, lexical, { score, tieBreak: sql`0` }, maxResults);
  // Every candidate contains some word, and the tiers together are every match, so when they
  // stayed under the budget the counts are exact.
  return countedAnswer(rows, budget, count);
}
