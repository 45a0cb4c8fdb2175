import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import { planOf, type PlanNode } from '../../db/query-plan.js';
import type { PatentRow } from '../../db/tables.js';
import type { CompiledQuery } from './query/compile.js';
import { countriesInTextIndex, UNKNOWN_VALUE_SHARES, type ValueShares } from './filter-selectivity.js';
import { filtersCondition } from './search-filters.js';
import { naturalQuery, type WeightedLexeme } from './natural-query.js';
import { filtersFollowRank, topRankFirst } from './rank-tiers.js';
import type { SearchFilters } from './search.types.js';

export type SearchHitRow = Pick<
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

export interface SearchRows {
  total: number;
  groupCount: number;
  /** True when total and groupCount are estimates (more matches than the candidate budget). */
  estimated: boolean;
  rows: SearchHitRow[];
}

/** What advanced search needs to know of the corpus to choose its plan. */
export interface SearchCorpus extends ValueShares {
  /** The planner's count of searchable patents (0 before the first ANALYZE). */
  documents: number;
  /** The planner's count of patents at the top of the static rank (see `topRankFirst`). */
  topRankDocuments: number;
}

export type { WeightedLexeme };

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

/**
 * At most this many matches are read and ranked per search. Rows of `patent_search` lie in
 * static-rank order, so the first matches a scan meets are the best candidates; beyond the
 * budget, counts are estimated by the planner.
 */
const CANDIDATE_BUDGET = 1000;

/** ts_rank weights in Postgres' {D, C, B, A} order: AI title and title 1, abstract 0.5, claims 0.2. */
const RANK_WEIGHTS = sql.lit('{1.0, 0.2, 0.5, 1.0}');

/** When advanced search reads the table in static-rank order instead of through its indexes. */
export interface OrderedScanTuning {
  /** Searches that the planner expects to match at least this share of all patents are probed. */
  probeShare: number;
  /** How many rows, from the top of the static rank, the probe reads (a few milliseconds). */
  probeRows: number;
  /** An ordered read may take this many times the rows that the probed share needs for the budget. */
  margin: number;
  /** An ordered read of this many rows (about 1.2 µs a row) costs no more than a cheap index path. */
  baseRows: number;
  /**
   * Beyond `baseRows`, an ordered read may take this many rows per index entry that the index
   * path would read: an index path pays about a third of a row's read per entry, plus its
   * rechecks, and a common word ANDed with a common country reads both lists in full.
   */
  rowsPerIndexEntry: number;
  /** Never more than this many rows in order (about 120 ms). */
  maxRows: number;
}

const ORDERED_SCAN: OrderedScanTuning = {
  probeShare: 0.002,
  probeRows: 5000,
  margin: 1.5,
  baseRows: 30_000,
  rowsPerIndexEntry: 1 / 3,
  maxRows: 100_000,
};

/** Index nodes of a JSON plan, whose estimated rows are the index entries the plan reads. */
const INDEX_NODES = new Set(['Bitmap Index Scan', 'Index Scan', 'Index Only Scan']);
const indexEntriesOf = (node: PlanNode): number =>
  (INDEX_NODES.has(node['Node Type']) ? node['Plan Rows'] : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + indexEntriesOf(child), 0);

export function createSearchRepo(db: Db, orderedScan: OrderedScanTuning = ORDERED_SCAN) {
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);

  /** The planner's plan for reading the matches of `where` (up to `limit`), not executed. */
  async function searchPlan(
    where: RawBuilder<SqlBool>,
    limit: number | null,
    executor: Db = db,
  ): Promise<PlanNode | undefined> {
    return planOf(
      executor,
      sql`SELECT s.lens_id FROM patent_search s WHERE ${where}${limit === null ? sql`` : sql` LIMIT ${limit}`}`,
    );
  }

  async function estimate(where: RawBuilder<SqlBool>): Promise<number> {
    return Math.round((await searchPlan(where, null))?.['Plan Rows'] ?? 0);
  }

  /**
   * The best `maxResults` candidates by `score` (an expression over candidate `c`), joined to
   * their display fields, with the candidate and family counts, in one statement.
   */
  async function rank(
    candidates: RawBuilder<unknown>,
    score: RawBuilder<unknown>,
    tieBreak: RawBuilder<unknown>,
    maxResults: number,
    executor: Db = db,
  ) {
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
      ORDER BY r.score DESC, r.tie_break DESC, r.lens_id`.execute(executor);
    return rows;
  }

  /**
   * The share of matches among the first rows of the static rank, and how many rows from the
   * top to read for `limit` matches at that share, with the margin (more than the table holds
   * when they are sparse).
   */
  async function probeTopRows(
    where: RawBuilder<SqlBool>,
    limit: number,
    documents: number,
  ): Promise<{ share: number; rowsNeeded: number }> {
    const probed = Math.min(orderedScan.probeRows, documents);
    const { rows } = await sql<{ found: number }>`
      SELECT count(*)::int AS found FROM (SELECT 1 FROM (SELECT * FROM patent_search LIMIT ${probed}) s WHERE ${where} LIMIT ${limit}) hits`.execute(
      db,
    );
    const found = rows[0]?.found ?? 0;
    return {
      share: found / probed,
      rowsNeeded: Math.max(probed, Math.ceil((limit * probed * orderedScan.margin) / Math.max(found, 0.5))),
    };
  }

  /**
   * Exact counts when every match fitted in the budget (and the candidates came from every
   * row), the planner's estimate otherwise.
   */
  async function finish(
    rows: RankedRow[],
    limit: number,
    estimated: number | (() => Promise<number>),
    everyRow = true,
  ): Promise<SearchRows> {
    const candidates = rows[0]?.candidates ?? 0;
    const families = rows[0]?.families ?? 0;
    if (candidates < limit && everyRow)
      return { total: candidates, groupCount: families, estimated: false, rows };
    const total = Math.max(typeof estimated === 'number' ? estimated : await estimated(), candidates);
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

    /**
     * Advanced search: the compiled query decides matches; the text terms rank them. An index
     * scan collects every match before the first row is read (tens of milliseconds for a common
     * word or a wide date range), while the table lies in static-rank order, so that a query
     * matching a good share of it fills the budget from its first rows. Unless the planner
     * expects few matches, a probe counts the matches among the first rows; where they are
     * frequent enough, the table is read in order up to a cap instead of through the indexes.
     * The probe sees the share where it matters, at the top of the ranking, which the
     * planner's estimate cannot (a field restriction, a phrase, dates that follow the rank).
     */
    async advanced(
      compiled: CompiledQuery,
      filters: SearchFilters,
      maxResults: number,
      corpus: SearchCorpus,
    ): Promise<SearchRows> {
      const limit = budget(maxResults);
      const { documents } = corpus;
      const filter = filtersCondition(filters, compiled.textDriven ? countriesInTextIndex(corpus) : corpus);
      const where = sql<SqlBool>`${compiled.where} AND ${filter}`;
      const estimated = await estimate(sql<SqlBool>`${compiled.estimateWhere} AND ${filter}`);
      const score = compiled.rankQuery
        ? sql`ts_rank(${RANK_WEIGHTS}::real[], c.text_vector, ${compiled.rankQuery})`
        : sql`0`;
      const search = (source: RawBuilder<unknown>, executor: Db = db, condition = where) =>
        rank(
          sql`SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM ${source} WHERE ${condition} LIMIT ${limit}`,
          score,
          sql`c.static_rank`,
          maxResults,
          executor,
        );
      if (documents > 0 && estimated >= orderedScan.probeShare * documents) {
        const { share, rowsNeeded } = await probeTopRows(where, limit, documents);
        // Reading every row answers completely; a capped read may leave matches beyond the cap.
        const readInOrder = async () =>
          rowsNeeded >= documents
            ? finish(await search(sql`patent_search s`), limit, estimated)
            : finish(
                await search(sql`(SELECT * FROM patent_search LIMIT ${rowsNeeded}) s`),
                limit,
                estimated,
                false,
              );
        if (rowsNeeded <= orderedScan.baseRows) return readInOrder();
        // The matches are too sparse at the top of the ranking for a short read in order, which
        // the planner, expecting them spread evenly, would still choose for a LIMIT; and with
        // sparse matches even a common filter value's index is worth reading. Unless the index
        // path reads so many entries that a longer read in order is cheaper.
        const sparse = sql<SqlBool>`${compiled.where} AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}`;
        // Where the top of the rank holds a budget's worth of matches at the probed share, a
        // query that needs words reads the top's own word indexes first.
        const topFirst =
          compiled.wordDriven && !filtersFollowRank(filters) && share * corpus.topRankDocuments >= limit;
        const source = topFirst
          ? sql`(${topRankFirst((part) => sql`SELECT * FROM patent_search s WHERE ${part}`)}) s`
          : sql`patent_search s`;
        const indexed = await db.transaction().execute(async (transaction) => {
          await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
          const plan = await searchPlan(sparse, limit, transaction);
          const entries = plan ? indexEntriesOf(plan) : 0;
          if (rowsNeeded <= Math.min(orderedScan.maxRows, entries * orderedScan.rowsPerIndexEntry))
            return null;
          return search(source, transaction, sparse);
        });
        return indexed ? finish(indexed, limit, estimated) : readInOrder();
      }
      return finish(await search(sql`patent_search s`), limit, estimated);
    },

    /**
     * Natural-language search. Candidates come in tiers (`candidateTiers`), read in static-rank
     * order until the budget is full, a tier only when the ones before it left room. Candidates
     * are scored by the rarity of the words they contain, each counted by the best field it
     * appears in (title over abstract over claims), with the static rank last.
     */
    async natural(
      terms: WeightedLexeme[],
      filters: SearchFilters,
      maxResults: number,
      shares: ValueShares = UNKNOWN_VALUE_SHARES,
    ): Promise<SearchRows> {
      const limit = budget(maxResults);
      if (terms.length === 0) return { total: 0, groupCount: 0, estimated: false, rows: [] };
      const { tiers, score, everyMatch } = naturalQuery(terms, filters, shares);
      const candidates = sql`SELECT * FROM (${tiers}) tiers LIMIT ${limit}`;
      // Every candidate contains some word, and the tiers together are every match, so when
      // they stayed under the budget the counts are exact.
      return finish(await rank(candidates, score, sql`0`, maxResults), limit, () => estimate(everyMatch));
    },

    /** The user's searches since `since`, counted up to `atMost` when given. */
    async countSince(uid: string, since: Date, atMost?: number): Promise<number> {
      const events = db
        .selectFrom('search_events')
        .select(sql`1`.as('one'))
        .where('user_uid', '=', uid)
        .where(sql<SqlBool>`created_at >= ${since}`);
      const counted = atMost === undefined ? events : events.limit(atMost);
      const row = await db
        .selectFrom(counted.as('events'))
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    async recordSearch(event: { uid: string; kind: 'ai' | 'boolean'; query: string; resultCount: number }) {
      await db
        .insertInto('search_events')
        .values({
          user_uid: event.uid,
          kind: event.kind,
          query: event.query,
          result_count: event.resultCount,
        })
        .execute();
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
