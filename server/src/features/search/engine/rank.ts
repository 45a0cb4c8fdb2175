import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/client.js';
import type { PatentRow } from '../../../db/tables.js';
import type { MatchCount } from './counts.js';
import type { SearchExplanation } from './explain.js';
import { planOf, type PlanNode } from './query-plan.js';

/** A ranked patent with the fields a result shows. */
export type SearchHit = Pick<
  PatentRow,
  | 'lens_id'
  | 'doc_key'
  | 'patent_status'
  | 'ipc_symbols'
  | 'jurisdiction'
  | 'doc_number'
  | 'kind'
  | 'date_published'
  | 'title'
  | 'ai_title'
  | 'ai_summary'
  | 'ai_types'
  | 'ai_uses'
>;

/** The engine's answer: the best candidates, best first, and how many matched. */
export interface RankedCandidates {
  total: number;
  /** Distinct simple families among the matches. */
  families: number;
  /** True when total and families are estimates (counts.ts), not exact counts. */
  estimated: boolean;
  hits: SearchHit[];
  /** How an AI search read its text; absent for advanced searches. */
  explanation?: SearchExplanation;
}

/** A row of the ranked page, with its display fields; every row carries the same counts. */
type RankedRow = SearchHit & {
  /** How many candidates were read, and their distinct simple families. */
  candidates: number;
  families: number;
};

/**
 * The display fields of a result, read from the wide table for the ranked page only. The text
 * arrays come as JSON: node-postgres parses JSON natively, and its parser for Postgres array
 * literals is far slower.
 */
const DISPLAY_COLUMNS = sql.raw(
  [
    ...[
      'lens_id',
      'doc_key',
      'patent_status',
      'jurisdiction',
      'doc_number',
      'kind',
      'date_published',
      'title',
      'ai_title',
      'ai_summary',
    ].map((column) => `p.${column}`),
    ...['ipc_symbols', 'ai_types', 'ai_uses'].map((column) => `to_json(p.${column}) AS ${column}`),
  ].join(', '),
);

/** The planner's plan for reading the matches of `where` (up to `limit`), not executed. */
export async function searchPlan(
  db: Db,
  where: RawBuilder<SqlBool>,
  limit: number | null,
): Promise<PlanNode | undefined> {
  return planOf(
    db,
    sql`SELECT s.lens_id FROM patent_search s WHERE ${where}${limit === null ? sql`` : sql` LIMIT ${limit}`}`,
  );
}

/** The planner's count of the matches of `where`. */
export async function estimateMatches(db: Db, where: RawBuilder<SqlBool>): Promise<number> {
  return Math.round((await searchPlan(db, where, null))?.['Plan Rows'] ?? 0);
}

/** The results of a stored result set, in its order, with their display fields as they are now. */
export async function hitsByIds(db: Db, lensIds: readonly string[]): Promise<SearchHit[]> {
  const { rows } = await sql<SearchHit>`
    SELECT ${DISPLAY_COLUMNS}
    FROM unnest(${[...lensIds]}::text[]) WITH ORDINALITY AS r(lens_id, position)
    JOIN patents p ON p.lens_id = r.lens_id
    ORDER BY r.position`.execute(db);
  return rows;
}

/**
 * The best `maxResults` candidates by `score` (an expression over candidate `c`), joined to their
 * display fields, with the candidate and family counts, in one statement.
 */
export async function rankCandidates(
  db: Db,
  candidates: RawBuilder<unknown>,
  ranking: { score: RawBuilder<unknown>; tieBreak: RawBuilder<unknown> },
  maxResults: number,
): Promise<RankedRow[]> {
  const { rows } = await sql<RankedRow>`
    WITH candidates AS MATERIALIZED (${candidates}),
         ranked AS (
           SELECT c.lens_id, (${ranking.score})::real AS score, ${ranking.tieBreak} AS tie_break
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

/**
 * The answer, with exact counts when every match fitted in the budget (and the candidates came
 * from every row), and `count`'s otherwise (counts.ts: exact, or an estimate of bounded error).
 */
export async function countedAnswer(
  rows: RankedRow[],
  budget: number,
  count: () => Promise<MatchCount>,
  everyRow = true,
): Promise<RankedCandidates> {
  const candidates = rows[0]?.candidates ?? 0;
  const families = rows[0]?.families ?? 0;
  // The rows carry their counts too; a hit is read field by field, so they are not copied off.
  const hits: SearchHit[] = rows;
  if (candidates < budget && everyRow) return { total: candidates, families, estimated: false, hits };
  const counted = await count();
  // The candidates read are matches too: a count never says fewer.
  const total = Math.max(counted.total, candidates);
  return {
    total,
    families: Math.min(total, Math.max(counted.families, families)),
    estimated: counted.estimated,
    hits,
  };
}
