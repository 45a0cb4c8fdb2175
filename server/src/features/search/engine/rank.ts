import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { type Db, type PatentRow } from '@patentscout/db';
import type { MatchCount } from './counts.js';
import type { SearchExplanation } from './explain.js';
import type { ClassificationMatch } from './learned.js';
import { planOf, type PlanNode } from './query-plan.js';

/** Another indexed publication of a hit's simple family, as the hit's record lists it. */
export interface FamilyMemberHit {
  lens_id: string;
  jurisdiction: string;
  doc_number: string;
  kind: string;
  date_published: string;
  /** Whether it matched the search too (among the candidates read), though another represents it. */
  matched: boolean;
}

/**
 * A ranked simple family: its best-ranked matching publication, with the fields a result shows,
 * and the family's other indexed publications.
 */
export type SearchHit = {
  family_members: FamilyMemberHit[];
  /** The stored lists, read back item by item (`list_items`). */
  ipc_symbols: string[];
  ai_types: string[] | null;
  ai_uses: string[] | null;
} & Pick<
  PatentRow,
  | 'lens_id'
  | 'doc_key'
  | 'patent_status'
  | 'jurisdiction'
  | 'doc_number'
  | 'kind'
  | 'date_published'
  | 'title'
  | 'ai_title'
  | 'ai_summary'
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
  /** The hits for which the ranking's flag held (AI search: found by meaning alone). */
  flagged?: string[];
  /** AI search: the hits found through their classification's words alone (ADR 0177). */
  throughClassification?: ClassificationMatch[];
  /** AI search: the IPC main groups its first results agree on, when they ordered them (ADR 0190). */
  agreedClasses?: string[];
}

/** A row as a statement answers it, its family members as listed. */
type Listed<Row extends SearchHit> = Omit<Row, 'family_members'> & { family_members: ListedMember[] };

/** A row of the ranked page, with its display fields; every row carries the same counts. */
type RankedRow = SearchHit & {
  /** Whether the ranking's flag held for this row (AI search: found by meaning alone). */
  flagged: boolean;
  /** How many candidates were read, and their distinct simple families. */
  candidates: number;
  families: number;
  /**
   * How many candidates the flag holds for, and their simple families that no other match holds
   * (`flagCounts`; 0 without): matches that the search's count condition does not count.
   */
  flagged_candidates: number;
  flagged_families: number;
  /** The ranking's `uncovered` (0 without): AI search's share of the text the best match leaves. */
  uncovered: number;
  /** The ranking's score. */
  score: number;
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
    ...['ipc_symbols', 'ai_types', 'ai_uses'].map(
      (column) => `to_json(list_items(p.${column})) AS ${column}`,
    ),
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

/**
 * The other members of ranked family `r` (patent `p`) that are in the index, each with a page of
 * its own, as its record lists them (ADR 0100): read from the row already joined for display,
 * each checked by primary key, at half the cost of finding them by family key. `matched` says
 * whether member `e` matched the search. A patent alone in its family (its list holds itself, or
 * nothing) skips the sub-select: no set-returning scan or aggregate for it. Each member comes as
 * its record's array with `matched` appended (`ListedMember`), ordered and named by
 * `familyMembersOf`: an object and a sort per family cost Postgres more than the server.
 */
const familyMembers = (matched: RawBuilder<SqlBool>) => sql`CASE
  WHEN jsonb_array_length(p.family_members) = 0
    OR (jsonb_array_length(p.family_members) = 1 AND p.family_members->0->>0 = r.lens_id)
  THEN '[]'::json
  ELSE (
  SELECT coalesce(json_agg(json_build_array(e->>0, e->>1, e->>2, e->>3, e->>4, ${matched})), '[]'::json)
  FROM jsonb_array_elements(p.family_members) e
  WHERE e->>0 <> r.lens_id AND EXISTS (SELECT 1 FROM patent_search m WHERE m.lens_id = e->>0)) END`;

/** A family member as the statements list it: its record's fields, then whether it matched. */
type ListedMember = [
  lensId: string,
  jurisdiction: string | null,
  docNumber: string | null,
  kind: string | null,
  date: string | null,
  matched: boolean,
];

/** A listed date (null last, as Postgres orders), then jurisdiction: the order a record's filings read in. */
function byDateThenJurisdiction(a: ListedMember, b: ListedMember): number {
  for (const field of [4, 1] as const) {
    const x = a[field];
    const y = b[field];
    if (x === y) continue;
    if (x === null) return 1;
    if (y === null) return -1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** The listed members, oldest publication first, as the hit's members. */
function familyMembersOf(listed: ListedMember[]): FamilyMemberHit[] {
  return listed
    .sort(byDateThenJurisdiction)
    .map(([lensId, jurisdiction, docNumber, kind, date, matched]) => ({
      lens_id: lensId,
      jurisdiction: jurisdiction ?? '',
      doc_number: docNumber ?? '',
      kind: kind ?? '',
      date_published: date ?? '',
      matched,
    }));
}

/**
 * Rows whose `family_members` the statement listed, with their members named and ordered: each
 * row is completed in place (500 of them per answer), not copied.
 */
function withFamilyMembers<Row extends { family_members: ListedMember[] }>(
  rows: Row[],
): Array<Omit<Row, 'family_members'> & { family_members: FamilyMemberHit[] }> {
  for (const row of rows) {
    (row as unknown as { family_members: FamilyMemberHit[] }).family_members = familyMembersOf(
      row.family_members,
    );
  }
  return rows as unknown as Array<Omit<Row, 'family_members'> & { family_members: FamilyMemberHit[] }>;
}

const FAMILY_MEMBERS = familyMembers(sql<SqlBool>`(e->>0) IN (SELECT lens_id FROM candidates)`);

/**
 * The results of a kept result set, in its order, with their display fields and family members
 * as they are now (whether a member matched is not kept: false).
 */
export async function hitsByIds(db: Db, lensIds: readonly string[]): Promise<SearchHit[]> {
  const { rows } = await sql<Listed<SearchHit>>`
    SELECT ${DISPLAY_COLUMNS}, ${familyMembers(sql<SqlBool>`false`)} AS family_members
    FROM unnest(${[...lensIds]}::text[]) WITH ORDINALITY AS r(lens_id, position)
    JOIN patents p ON p.lens_id = r.lens_id
    ORDER BY r.position`.execute(db);
  return withFamilyMembers(rows);
}

/**
 * The best `maxResults` simple families among the candidates, each represented by its best
 * candidate by `score` (an expression over candidate `c`), joined to its display fields and its
 * family's other members, with the candidate and family counts, in one statement.
 */
export async function rankCandidates(
  db: Db,
  candidates: RawBuilder<unknown>,
  ranking: {
    score: RawBuilder<unknown>;
    tieBreak: RawBuilder<unknown>;
    /** A condition on candidate `c` answered as each row's `flagged` (false when absent). */
    flag?: RawBuilder<unknown>;
    /**
     * Counts the flagged candidates apart (`flagged_candidates`), and their families for which
     * this condition on candidate `c` holds too (`flagged_families`): AI search's matches by
     * meaning alone, beside its words' count (ADR 0166).
     */
    flagCounts?: { familyAlone: RawBuilder<SqlBool> };
    /** An expression over every candidate `c` (window functions allowed), answered as `uncovered`. */
    uncovered?: RawBuilder<unknown>;
  },
  maxResults: number,
): Promise<RankedRow[]> {
  const { rows } = await sql<Listed<RankedRow>>`
    WITH candidates AS MATERIALIZED (${candidates}),
         representatives AS (
           SELECT DISTINCT ON (c.family_key)
                  c.lens_id, c.family_key, (${ranking.score})::real AS score, ${ranking.tieBreak} AS tie_break,
                  ${ranking.flag ?? sql`false`} AS flagged, (${ranking.uncovered ?? sql`0`})::real AS uncovered
           FROM candidates c
           ORDER BY c.family_key, score DESC, tie_break DESC, c.lens_id),
         ranked AS (
           SELECT * FROM representatives
           ORDER BY score DESC, tie_break DESC, lens_id
           LIMIT ${maxResults})
    SELECT ${DISPLAY_COLUMNS}, ${FAMILY_MEMBERS} AS family_members, r.flagged, r.uncovered, r.score,
           (SELECT count(*) FROM candidates)::int AS candidates,
           (SELECT count(DISTINCT family_key) FROM candidates)::int AS families,
           ${
             ranking.flag && ranking.flagCounts
               ? sql`(SELECT count(*) FROM candidates c WHERE ${ranking.flag})::int AS flagged_candidates,
                     (SELECT count(DISTINCT c.family_key) FROM candidates c
                      WHERE ${ranking.flag} AND ${ranking.flagCounts.familyAlone})::int AS flagged_families`
               : sql`0 AS flagged_candidates, 0 AS flagged_families`
           }
    FROM ranked r JOIN patents p ON p.lens_id = r.lens_id
    ORDER BY r.score DESC, r.tie_break DESC, r.lens_id`.execute(db);
  return withFamilyMembers(rows);
}

/**
 * The answer, with exact counts when every match fitted in the budget (and the candidates came
 * from every row), and `count`'s otherwise (counts.ts: exact, or an estimate of bounded error).
 * Flagged candidates counted apart (`flagCounts`) are matches beside `count`'s condition and
 * beside the budget: they are added to its counts, and never make the answer wait for them.
 */
export async function countedAnswer(
  rows: RankedRow[],
  budget: number,
  count: () => Promise<MatchCount>,
  everyRow = true,
): Promise<RankedCandidates> {
  const candidates = rows[0]?.candidates ?? 0;
  const families = rows[0]?.families ?? 0;
  const flaggedCandidates = rows[0]?.flagged_candidates ?? 0;
  const flaggedFamilies = rows[0]?.flagged_families ?? 0;
  // The candidates of `count`'s condition: when they stayed under the budget, they are all of its matches.
  const counted = candidates - flaggedCandidates;
  // The rows carry their counts too; a hit is read field by field, so they are not copied off.
  const hits: SearchHit[] = rows;
  const flaggedIds = rows.filter((row) => row.flagged).map((row) => row.lens_id);
  // Only an answer with flagged hits says so: a words-only answer keeps its shape.
  const flagged = flaggedIds.length > 0 ? { flagged: flaggedIds } : {};
  if (counted < budget && everyRow)
    return { total: candidates, families, estimated: false, hits, ...flagged };
  const matches = await count();
  // The candidates read are matches too: a count never says fewer.
  const total = Math.max(matches.total, counted) + flaggedCandidates;
  return {
    total,
    families: Math.min(total, Math.max(matches.families + flaggedFamilies, families)),
    estimated: matches.estimated,
    hits,
    ...flagged,
  };
}
