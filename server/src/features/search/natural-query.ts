import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { anyOf, candidateTiers, tierDensity, tsLexeme, type CandidateTier } from './candidate-tiers.js';
import { countriesInTextIndex, type ValueShares } from './filter-selectivity.js';
import { filtersCondition } from './search-filters.js';
import type { SearchFilters } from './search.types.js';

/** A query word of AI search, stemmed, with its rarity. */
export interface WeightedLexeme {
  lexeme: string;
  /** Inverse document frequency, ln(1 / share of patents with the lexeme): rarer lexemes weigh more. */
  idf: number;
}

/**
 * AI search: how much a query word counts, by the best field that contains it (times its
 * rarity). Presence alone is worth most of it, so that a rare word anywhere outweighs a common
 * one in the title; the field decides between documents with the same words.
 */
const FIELD_SHARE = { title: 1, abstract: 0.85, claims: 0.6 } as const;

/**
 * AI search reads a tier in static-rank order, instead of through the GIN index, when at least
 * this share of the rows it passes is expected to match: the index path reads its words' whole
 * postings lists (about 0.27 µs an entry) and then the rows, while an ordered read
 * (about 1.2 µs a row) stops as soon as the budget is full. The two cost the same near 6 %.
 */
const READ_IN_ORDER_DENSITY = 0.06;

/**
 * Whether a tier is read in static-rank order rather than through the GIN index: when at least
 * `READ_IN_ORDER_DENSITY` of the rows it passes are expected to match (`tierDensity`, times the
 * share of the countries asked for). Never under filters on years, legal status or classes: the
 * static rank follows dates and status, so such matches may be sparse at the top of the table.
 */
function tierReadsInOrder(
  terms: WeightedLexeme[],
  filters: SearchFilters,
  shares: ValueShares,
): (tier: CandidateTier) => boolean {
  if (filters.ipcPrefixes.length > 0 || filters.statuses.length > 0 || filters.years) return () => false;
  const frequency = new Map(terms.map((term) => [term.lexeme, Math.exp(-term.idf)]));
  const countries =
    filters.jurisdictions.length === 0 ? 1 : shares.share('jurisdiction', filters.jurisdictions);
  return (tier) =>
    countries * tierDensity(tier, (lexeme) => frequency.get(lexeme) ?? 0) >= READ_IN_ORDER_DENSITY;
}

/**
 * AI search's SQL over `patent_search` (alias `s`): its candidate tiers (`candidateTiers`), in
 * order, as one UNION ALL; the score of a candidate `c`, by the rarity of the words it contains,
 * each counted by the best field it appears in (title over abstract over claims), with the
 * static rank last; and the condition of every match, whose count the planner estimates.
 */
export function naturalQuery(
  terms: WeightedLexeme[],
  filters: SearchFilters,
  shares: ValueShares,
): { tiers: RawBuilder<unknown>; score: RawBuilder<unknown>; everyMatch: RawBuilder<SqlBool> } {
  const filter = filtersCondition(filters, shares);
  const indexedFilter = filtersCondition(filters, countriesInTextIndex(shares));
  const lexemes = [...terms].sort((left, right) => right.idf - left.idf).map((term) => term.lexeme);
  const parts = candidateTiers(lexemes);
  // A tier's words go to the planner as sub-selects, which it does not estimate: each estimate
  // decompresses the text vector's statistics (its 3,000 most common words), which took 60 %
  // of a search's planning, about 4 ms at a million patents; the plan of a tier is chosen
  // here instead. A tier dense enough is matched by a function call, which no index answers,
  // so that the table is read in order and the read stops when the budget is full; any other
  // tier is read through the GIN index. Exclusions and requirements are checked on the rows
  // that a tier's match found (a function call again where the tier is read in order).
  const readsInOrder = tierReadsInOrder(terms, filters, shares);
  const tierQueries = parts.map((tier) => {
    const exclusions = tier.except.map((text) => sql` AND NOT (s.text_vector @@ (SELECT ${text}::tsquery))`);
    const inOrder = readsInOrder(tier);
    const requirement = !tier.require
      ? sql``
      : inOrder
        ? sql` AND ts_match_vq(s.text_vector, (SELECT ${tier.require}::tsquery))`
        : sql` AND s.text_vector @@ (SELECT ${tier.require}::tsquery)`;
    const matching = inOrder
      ? sql`ts_match_vq(s.text_vector, ${tier.match}::tsquery)`
      : sql`s.text_vector @@ (SELECT ${tier.match}::tsquery)`;
    return sql`(SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM patent_search s
                WHERE ${matching}${requirement}${sql.join(exclusions, sql``)} AND ${inOrder ? filter : indexedFilter})`;
  });
  // A candidate lacks most of the query's words: one match tells that, where asking field by
  // field took three (a third of the scoring time at a million patents).
  const wordScore = (term: WeightedLexeme) =>
    sql`CASE WHEN NOT (c.text_vector @@ ${tsLexeme(term.lexeme)}::tsquery) THEN 0
             WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'AD')}::tsquery THEN ${term.idf * FIELD_SHARE.title}::real
             WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'B')}::tsquery THEN ${term.idf * FIELD_SHARE.abstract}::real
             ELSE ${term.idf * FIELD_SHARE.claims}::real END`;
  const everyMatch = sql<SqlBool>`s.text_vector @@ ${anyOf(lexemes)}::tsquery AND ${filter}`;
  const score = sql`(${sql.join(terms.map(wordScore), sql` + `)}) + 0.01 * c.static_rank`;
  return { tiers: sql.join(tierQueries, sql` UNION ALL `), score, everyMatch };
}
