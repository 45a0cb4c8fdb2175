import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import { filtersCondition, type SearchFilters } from './filters.js';
import { CLASS_AGREEMENT, MEANING_SHARE, STATIC_RANK_SHARE, UNKNOWN_VALUE_SHARES } from './plan.js';
import { classAgreement, NO_CLASSES, type QueryClasses } from './query-classes.js';
import { holdsAnyWord } from './tiers.js';
import type { WeightedLexeme } from './words.js';

/**
 * AI search's words and meaning together (ADR 0150, 0166): the candidates of a search with
 * meaning, their ranking, and the count of its matches by meaning alone.
 */

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
 * none does. `flag` marks the candidates that hold none of the words: found by meaning alone,
 * counted apart from the words' matches (ADR 0166), their family only when no match by words
 * holds it (among the candidates, or beyond them: `kin_matched`).
 */
export function blendedRanking(fullScore: number, classes: QueryClasses = NO_CLASSES) {
  const best = sql`least(0.95, greatest(0.05, max(c.coverage) OVER ()))`;
  const uncovered = sql`(1 - ${best})`;
  return {
    score: sql`c.coverage + ${sql.lit(STATIC_RANK_SHARE)} * c.static_rank / ${Math.max(fullScore, 1e-6)}::real
      + ${MEANING_SHARE}::real * ${uncovered} / ${best} * c.similarity
      + ${CLASS_AGREEMENT.share}::real * ${uncovered} * ${classAgreement('c', classes)}`,
    tieBreak: sql`0`,
    uncovered,
    flag: sql`NOT c.matched`,
    flagCounts: {
      familyAlone: sql<SqlBool>`NOT c.kin_matched
        AND NOT EXISTS (SELECT 1 FROM candidates o WHERE o.family_key = c.family_key AND o.matched)`,
    },
  };
}

/**
 * The candidates of a search with meaning, for `blendedRanking`: the lexical ones (`lexical`, the
 * tiers' statement under the budget), weighed as by words alone, and the nearest in meaning that
 * are not among them. Such a patent is read once, by its primary key, and weighed word by word
 * only when it holds any of the words (one match of them all first). Only when the lexical
 * candidates filled the budget may one of its family's other publications match the words beyond
 * them: looked up then, for the count (ADR 0166). The candidates carry no text vector onwards.
 */
export function blendedCandidates(
  lexical: RawBuilder<unknown>,
  meaning: MeaningCandidates,
  query: {
    terms: WeightedLexeme[];
    filters: SearchFilters;
    filter: RawBuilder<SqlBool>;
    wordsOf: (row: string) => RawBuilder<unknown>;
    full: RawBuilder<unknown>;
    budget: number;
  },
) {
  const { terms, filters, filter, wordsOf, full, budget } = query;
  return sql`WITH lexical AS MATERIALIZED (${lexical})
             SELECT c.lens_id, c.family_key, c.static_rank, c.coverage, c.matched,
                    coalesce(m.similarity, ${meaning.floor}::real) AS similarity,
                    CASE WHEN c.matched OR (SELECT count(*) FROM lexical) < ${budget} THEN false
                         ELSE ${kinMatchesWords('c', terms, filters)} END AS kin_matched
             FROM (SELECT l.lens_id, l.family_key, l.static_rank, (${wordsOf('l')} / ${full})::real AS coverage,
                          true AS matched
                   FROM lexical l
                   UNION ALL
                   SELECT x.lens_id, x.family_key, x.static_rank,
                          CASE WHEN x.matched THEN (${wordsOf('x')} / ${full})::real ELSE 0::real END, x.matched
                   FROM (SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector,
                                ${holdsAnyWord('s', terms)} AS matched
                         FROM unnest(${meaning.lensIds}::text[]) n(lens_id) JOIN patent_search s ON s.lens_id = n.lens_id
                         WHERE ${filter} AND NOT EXISTS (SELECT 1 FROM lexical l WHERE l.lens_id = n.lens_id)
                         OFFSET 0) x) c
             LEFT JOIN unnest(${meaning.lensIds}::text[], ${meaning.similarities}::real[]) m(lens_id, similarity)
               ON m.lens_id = c.lens_id`;
}

/**
 * Whether another publication of candidate `row`'s simple family (as its record lists them, ADR
 * 0100) matches the search's words under its filters: a patent found by meaning alone then adds
 * no family to the words' count. A patent without a family id is its own family (its key is its
 * lens id) and skips the look-up; one whose record lists no other member skips the rest.
 */
function kinMatchesWords(row: string, terms: WeightedLexeme[], filters: SearchFilters) {
  const lensId = sql.ref(`${row}.lens_id`);
  return sql<SqlBool>`(${sql.ref(`${row}.family_key`)} <> ${lensId} AND EXISTS (
    SELECT 1 FROM patents p CROSS JOIN LATERAL jsonb_array_elements(p.family_members) e
      JOIN patent_search s ON s.lens_id = e->>0
    WHERE p.lens_id = ${lensId} AND jsonb_array_length(p.family_members) > 1 AND e->>0 <> ${lensId}
      AND s.family_key = ${sql.ref(`${row}.family_key`)}
      AND ${holdsAnyWord('s', terms)} AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}))`;
}

/**
 * The matches of an AI search by meaning alone: the patents among `lensIds` (the nearest in
 * meaning) that pass its filters and hold none of its words, and their simple families that no
 * match by words holds. Added to the words' count (`naturalMatchCondition`), they are every match.
 */
export async function meaningOnlyCount(
  db: Db,
  terms: WeightedLexeme[],
  filters: SearchFilters,
  lensIds: readonly string[],
): Promise<{ total: number; families: number }> {
  if (lensIds.length === 0) return { total: 0, families: 0 };
  const { rows } = await sql<{ total: number; families: number }>`
    SELECT count(*)::int AS total,
           count(DISTINCT k.family_key) FILTER (WHERE NOT ${kinMatchesWords('k', terms, filters)})::int AS families
    FROM (SELECT s.lens_id, s.family_key FROM patent_search s
          WHERE s.lens_id = ANY(${[...lensIds]}::text[]) AND NOT (${holdsAnyWord('s', terms)})
            AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}) k`.execute(db);
  return rows[0] ?? { total: 0, families: 0 };
}
