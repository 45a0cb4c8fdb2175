import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import type { PatentRow } from '../../db/tables.js';
import type { CompiledQuery } from './query/compile.js';
import { filtersCondition } from './search-filters.js';
import type { SearchFilters } from './search.types.js';

export type SearchHitRow = Pick<
  PatentRow,
  | 'lens_id' | 'doc_key' | 'patent_status' | 'ipc_symbols' | 'jurisdiction' | 'doc_number' | 'kind'
  | 'date_published' | 'title' | 'ai_title' | 'ai_summary' | 'ai_types' | 'ai_uses'
>;

export interface SearchRows {
  total: number;
  groupCount: number;
  /** True when total and groupCount are estimates (more matches than the candidate budget). */
  estimated: boolean;
  rows: SearchHitRow[];
}

export interface WeightedLexeme {
  lexeme: string;
  /** Inverse document frequency: rarer lexemes weigh more. */
  idf: number;
}

/** A row of the ranked page, with its display fields; every row carries the same counts. */
type RankedRow = SearchHitRow & {
  /** How many candidates were read, and their distinct simple families. */
  candidates: number;
  families: number;
};

/**
 * The display fields of a result, read from the wide table for the ranked page only. The text
 * arrays come as JSON: node-postgres parses JSON natively, while its parser for Postgres array
 * literals took several milliseconds of the server's CPU for 500 rows.
 */
const DISPLAY_COLUMNS = sql.raw(
  [
    ...['lens_id', 'doc_key', 'patent_status', 'jurisdiction', 'doc_number', 'kind', 'date_published', 'title', 'ai_title', 'ai_summary'].map((column) => `p.${column}`),
    ...['ipc_symbols', 'ai_types', 'ai_uses'].map((column) => `to_json(p.${column}) AS ${column}`),
  ].join(', '),
);

/**
 * At most this many matches are read and ranked per search. Rows of `patent_search` lie in
 * static-rank order, so the first matches a scan meets are the best candidates; beyond the
 * budget, counts are estimated by the planner.
 */
const CANDIDATE_BUDGET = 1000;

/** ts_rank weights in Postgres' {D, C, B, A} order: AI title and title 1, abstract 0.5, claims 0.2. */
const RANK_WEIGHTS = sql.lit('{1.0, 0.2, 0.5, 1.0}');

/**
 * AI search: how much a query word counts, by the best field that contains it (times its
 * rarity). Presence alone is worth most of it, so that a rare word anywhere outweighs a common
 * one in the title; the field decides between documents with the same words.
 */
const FIELD_SHARE = { title: 1, abstract: 0.85, claims: 0.6 } as const;

/** A lexeme as a tsquery operand (quoted; `weights` restricts it to labels such as 'AD'). */
function tsLexeme(lexeme: string, weights = ''): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${weights ? `:${weights}` : ''}`;
}

/** Documents containing at least `atLeast` of the lexemes, as tsquery text. */
function atLeast(lexemes: string[], count: number): string {
  const combos: string[][] = [];
  const pick = (from: number, chosen: string[]) => {
    if (chosen.length === count) {
      combos.push(chosen);
      return;
    }
    for (let index = from; index <= lexemes.length - (count - chosen.length); index += 1) pick(index + 1, [...chosen, lexemes[index]!]);
  };
  pick(0, []);
  return combos.map((combo) => `(${combo.map((lexeme) => tsLexeme(lexeme)).join(' & ')})`).join(' | ');
}

export function createSearchRepo(db: Db) {
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);

  async function estimate(where: RawBuilder<SqlBool>): Promise<number> {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT 1 FROM patent_search s WHERE ${where}`.execute(db);
    return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  }

  /**
   * The best `maxResults` candidates by `score` (an expression over candidate `c`), joined to
   * their display fields, with the candidate and family counts, in one statement.
   */
  async function rank(candidates: RawBuilder<unknown>, score: RawBuilder<unknown>, tieBreak: RawBuilder<unknown>, maxResults: number) {
    const { rows } = await sql<RankedRow>`
      WITH candidates AS MATERIALIZED (${candidates}),
           ranked AS (
             SELECT c.lens_id, (${score})::real AS score, ${tieBreak} AS tie_break
             FROM candidates c
             ORDER BY score DESC, tie_break DESC, c.lens_id
             LIMIT ${maxResults})
      SELECT ${DISPLAY_COLUMNS},
             (SELECT count(*) FROM candidates)::int AS candidates,
             (SELECT count(DISTINCT family_key) FROM candidates)::int AS families
      FROM ranked r JOIN patents p ON p.lens_id = r.lens_id
      ORDER BY r.score DESC, r.tie_break DESC, r.lens_id`.execute(db);
    return rows;
  }

  /** Exact counts when every match fitted in the budget, planner estimates otherwise. */
  async function finish(rows: RankedRow[], limit: number, everyMatch: RawBuilder<SqlBool>): Promise<SearchRows> {
    const candidates = rows[0]?.candidates ?? 0;
    const families = rows[0]?.families ?? 0;
    if (candidates < limit) return { total: candidates, groupCount: families, estimated: false, rows };
    const total = Math.max(await estimate(everyMatch), candidates);
    const groupCount = Math.max(families, Math.round(total * (families / Math.max(candidates, 1))));
    return { total, groupCount, estimated: true, rows };
  }

  return {
    /** The text's distinct lexemes (stemmed, stop words dropped), in the order they first occur. */
    async lexemes(text: string): Promise<string[]> {
      const { rows } = await sql<{ lexeme: string }>`
        SELECT lexeme FROM unnest(to_tsvector('english', ${text})) ORDER BY positions[1], lexeme`.execute(db);
      return rows.map((row) => row.lexeme);
    },

    /** Advanced search: the compiled query decides matches; the text terms rank them. */
    async advanced(compiled: CompiledQuery, filters: SearchFilters, maxResults: number): Promise<SearchRows> {
      const limit = budget(maxResults);
      const where = sql<SqlBool>`${compiled.where} AND ${filtersCondition(filters)}`;
      const score = compiled.rankQuery ? sql`ts_rank(${RANK_WEIGHTS}::real[], c.text_vector, ${compiled.rankQuery})` : sql`0`;
      const candidates = sql`SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM patent_search s WHERE ${where} LIMIT ${limit}`;
      const estimateWhere = sql<SqlBool>`${compiled.estimateWhere} AND ${filtersCondition(filters)}`;
      return finish(await rank(candidates, score, sql`c.static_rank`, maxResults), limit, estimateWhere);
    },

    /**
     * Natural-language search. Candidates come in tiers, read in static-rank order until the
     * budget is full, a tier only when the ones before it left room: documents with every
     * meaningful word; with all but one (found through two of the three rarest); with two of the four
     * rarest; with any. Every part is a plain conjunction for the GIN index, which it answers
     * from its rarest word's postings (a disjunction makes it read the postings of every word,
     * ten times the work); words that must be missing are left out in the index too (`& !w`),
     * larger sets that earlier parts found are excluded by a recheck on the row.
     * Candidates are scored by the rarity of the words they contain, each counted by the best
     * field it appears in (title over abstract over claims), with the static rank last.
     */
    async natural(terms: WeightedLexeme[], filters: SearchFilters, maxResults: number): Promise<SearchRows> {
      const limit = budget(maxResults);
      if (terms.length === 0) return { total: 0, groupCount: 0, estimated: false, rows: [] };
      const filter = filtersCondition(filters);
      const lexemes = [...terms].sort((left, right) => right.idf - left.idf).map((term) => term.lexeme);
      const count = lexemes.length;
      const anyText = lexemes.map((lexeme) => tsLexeme(lexeme)).join(' | ');
      const allOf = (words: string[]) => words.map((lexeme) => tsLexeme(lexeme)).join(' & ');
      const parts: { match: string; require?: string; except: string[] }[] = [{ match: allOf(lexemes), except: [] }];
      if (count >= 2) {
        let covered = allOf(lexemes);
        if (count >= 3) {
          // A document missing at most one word has at least two of the three rarest: one index
          // scan of those three short postings lists, with the full condition checked on the row,
          // instead of one scan of count - 1 lists for each word that may be missing.
          covered = atLeast(lexemes, count - 1);
          parts.push({ match: atLeast(lexemes.slice(0, 3), 2), require: covered, except: [allOf(lexemes)] });
        }
        if (count >= 4) {
          const rarest = lexemes.slice(0, 4);
          const pairs = rarest.flatMap((first, index) => rarest.slice(index + 1).map((second) => [first, second]));
          pairs.forEach((pair, index) => {
            const earlier = pairs.slice(0, index).map((previous) => `(${allOf(previous)})`);
            parts.push({ match: allOf(pair), except: [covered, ...(earlier.length > 0 ? [earlier.join(' | ')] : [])] });
          });
          covered = atLeast(rarest, 2);
        }
        lexemes.forEach((lexeme, index) => {
          const earlier = lexemes.slice(0, index).map((previous) => tsLexeme(previous));
          parts.push({ match: earlier.length > 0 ? `${tsLexeme(lexeme)} & !(${earlier.join(' | ')})` : tsLexeme(lexeme), except: [covered] });
        });
      }
      const tierQueries = parts.map(({ match, require, except }) => {
        const exclusions = except.map((text) => sql` AND NOT (s.text_vector @@ ${text}::tsquery)`);
        const requirement = require ? sql` AND s.text_vector @@ ${require}::tsquery` : sql``;
        return sql`(SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM patent_search s
                    WHERE s.text_vector @@ ${match}::tsquery${requirement}${sql.join(exclusions, sql``)} AND ${filter})`;
      });
      const wordScore = (term: WeightedLexeme) =>
        sql`CASE WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'AD')}::tsquery THEN ${term.idf * FIELD_SHARE.title}::real
                 WHEN c.text_vector @@ ${tsLexeme(term.lexeme, 'B')}::tsquery THEN ${term.idf * FIELD_SHARE.abstract}::real
                 WHEN c.text_vector @@ ${tsLexeme(term.lexeme)}::tsquery THEN ${term.idf * FIELD_SHARE.claims}::real
                 ELSE 0 END`;
      const everyMatch = sql<SqlBool>`s.text_vector @@ ${anyText}::tsquery AND ${filter}`;
      const candidates = sql`SELECT * FROM (${sql.join(tierQueries, sql` UNION ALL `)}) tiers LIMIT ${limit}`;
      const score = sql`(${sql.join(terms.map(wordScore), sql` + `)}) + 0.01 * c.static_rank`;
      // Every candidate contains some word, and the tiers together are every match, so when
      // they stayed under the budget the counts are exact.
      return finish(await rank(candidates, score, sql`0`, maxResults), limit, everyMatch);
    },

    async countSince(uid: string, since: Date): Promise<number> {
      const row = await db
        .selectFrom('search_events')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('user_uid', '=', uid)
        .where(sql<SqlBool>`created_at >= ${since}`)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async recordSearch(event: { uid: string; kind: 'ai' | 'boolean'; query: string; resultCount: number }) {
      await db
        .insertInto('search_events')
        .values({ user_uid: event.uid, kind: event.kind, query: event.query, result_count: event.resultCount })
        .execute();
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
