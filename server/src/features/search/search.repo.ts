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

interface Candidate {
  lens_id: string;
  family_key: string;
  score: number;
}

/**
 * At most this many matches are read and ranked per search. Rows of `patent_search` lie in
 * static-rank order, so the first matches a scan meets are the best candidates; beyond the
 * budget, counts are estimated by the planner.
 */
const CANDIDATE_BUDGET = 1000;

/** ts_rank weights in Postgres' {D, C, B, A} order: AI title and title 1, abstract 0.5, claims 0.2. */
const RANK_WEIGHTS = sql.lit('{1.0, 0.2, 0.5, 1.0}');

export function createSearchRepo(db: Db) {
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);

  async function estimate(where: RawBuilder<SqlBool>): Promise<number> {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
      EXPLAIN (FORMAT JSON) SELECT 1 FROM patent_search s WHERE ${where}`.execute(db);
    return Math.round(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  }

  async function display(candidates: Candidate[], maxResults: number): Promise<SearchHitRow[]> {
    const top = candidates.slice(0, maxResults).map((candidate) => candidate.lens_id);
    if (top.length === 0) return [];
    const rows = await db
      .selectFrom('patents')
      .select([
        'lens_id', 'doc_key', 'patent_status', 'ipc_symbols', 'jurisdiction', 'doc_number', 'kind',
        'date_published', 'title', 'ai_title', 'ai_summary', 'ai_types', 'ai_uses',
      ])
      .where('lens_id', 'in', top)
      .execute();
    const byId = new Map(rows.map((row) => [row.lens_id, row]));
    return top.flatMap((id) => byId.get(id) ?? []);
  }

  /** Exact counts when every match fitted in the budget, planner estimates otherwise. */
  async function finish(candidates: Candidate[], matchCount: number, limit: number, everyMatch: RawBuilder<SqlBool>, maxResults: number): Promise<SearchRows> {
    const families = new Set(candidates.map((candidate) => candidate.family_key)).size;
    const rows = await display(candidates, maxResults);
    if (matchCount < limit) return { total: candidates.length, groupCount: families, estimated: false, rows };
    const total = Math.max(await estimate(everyMatch), candidates.length);
    const groupCount = Math.max(families, Math.round(total * (families / Math.max(candidates.length, 1))));
    return { total, groupCount, estimated: true, rows };
  }

  return {
    async lexemes(text: string): Promise<string[]> {
      const { rows } = await sql<{ lexeme: string }>`
        SELECT DISTINCT lexeme FROM unnest(to_tsvector('english', ${text}))`.execute(db);
      return rows.map((row) => row.lexeme);
    },

    /** Advanced search: the compiled query decides matches; the text terms rank them. */
    async advanced(compiled: CompiledQuery, filters: SearchFilters, maxResults: number): Promise<SearchRows> {
      const limit = budget(maxResults);
      const where = sql<SqlBool>`${compiled.where} AND ${filtersCondition(filters)}`;
      const score = compiled.rankQuery ? sql`ts_rank(${RANK_WEIGHTS}::real[], s.text_vector, ${compiled.rankQuery})` : sql`0`;
      const { rows } = await sql<Candidate>`
        SELECT s.lens_id, s.family_key, (${score})::real AS score
        FROM (SELECT * FROM patent_search s WHERE ${where} LIMIT ${limit}) s
        ORDER BY score DESC, s.static_rank DESC, s.lens_id`.execute(db);
      return finish(rows, rows.length, limit, where, maxResults);
    },

    /**
     * Natural-language search in stages, each capped by the budget: documents with every
     * meaningful word, then with all but one, then with the rarest words, then with any. The
     * candidates are scored by the rarity of the words they contain plus a field-weighted rank.
     */
    async natural(terms: WeightedLexeme[], filters: SearchFilters, maxResults: number): Promise<SearchRows> {
      const limit = budget(maxResults);
      const filter = filtersCondition(filters);
      const lexeme = (term: WeightedLexeme) => sql`quote_literal(${term.lexeme})::tsquery`;
      const all = (subset: WeightedLexeme[]) => sql`(${sql.join(subset.map(lexeme), sql` && `)})`;
      const any = (subset: WeightedLexeme[]) => sql`(${sql.join(subset.map(lexeme), sql` || `)})`;
      const byRarity = [...terms].sort((left, right) => right.idf - left.idf);
      const stages: RawBuilder<unknown>[] = [all(terms)];
      if (terms.length > 2) stages.push(...terms.map((_, skipped) => all(terms.filter((__, index) => index !== skipped))));
      if (terms.length > 3) stages.push(any(byRarity.slice(0, 2)));
      const everyMatch = sql<SqlBool>`s.text_vector @@ ${any(terms)} AND ${filter}`;
      stages.push(any(terms));

      const lastStage = stages.length - 1;
      // The narrower stages only need to supply the best `maxResults`; the any-word stage gets
      // the whole budget, and decides whether the counts are exact.
      const stageQueries = stages.map(
        (query, stage) =>
          sql`(SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector, ${stage}::int AS stage
               FROM patent_search s WHERE s.text_vector @@ ${query} AND ${filter}
               LIMIT ${stage === lastStage ? limit : maxResults})`,
      );
      const coverage = sql.join(
        terms.map((term) => sql`CASE WHEN c.text_vector @@ ${lexeme(term)} THEN ${term.idf}::real ELSE 0 END`),
        sql` + `,
      );
      const { rows } = await sql<Candidate & { any_word_hits: number }>`
        WITH hits AS (${sql.join(stageQueries, sql` UNION ALL `)}),
             candidates AS (SELECT DISTINCT ON (lens_id) lens_id, family_key, static_rank, text_vector FROM hits)
        SELECT c.lens_id, c.family_key, (SELECT count(*) FROM hits WHERE stage = ${lastStage})::int AS any_word_hits,
               ((${coverage}) + 4 * ts_rank(${RANK_WEIGHTS}::real[], c.text_vector, ${any(terms)}) + 0.01 * c.static_rank)::real AS score
        FROM candidates c
        ORDER BY score DESC, c.lens_id`.execute(db);
      // Every candidate contains some word, so when the any-word stage stayed under the budget
      // the candidates are all the matches and the counts are exact.
      return finish(rows, rows[0]?.any_word_hits ?? 0, limit, everyMatch, maxResults);
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
