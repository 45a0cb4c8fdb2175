import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '@patentscout/db';
import type { CompiledQuery } from './compile.js';
import { filtersCondition, filtersFollowRank, type SearchFilters } from './filters.js';
import {
  COUNTING,
  ORDERED_SCAN,
  RANK_WEIGHTS,
  textIndexedShares,
  UNKNOWN_VALUE_SHARES,
  type CountingTuning,
  type OrderedScanTuning,
} from './plan.js';
import type { PlanNode } from './query-plan.js';
import { countAhead, countMatches, type CountCache } from './counts.js';
import { countedAnswer, estimateMatches, rankCandidates, searchPlan, type RankedCandidates } from './rank.js';
import { topRankFirst } from './row-order.js';
import type { TermStats } from './statistics.js';

/** What advanced search needs to know of the corpus to choose its read. */
export type SearchCorpus = Pick<TermStats, 'share' | 'yearShare' | 'documents' | 'topRankDocuments'>;

/** Index nodes of a JSON plan, whose estimated rows are the index entries the plan reads. */
const INDEX_NODES = new Set(['Bitmap Index Scan', 'Index Scan', 'Index Only Scan']);
const indexEntriesOf = (node: PlanNode): number =>
  (INDEX_NODES.has(node['Node Type']) ? node['Plan Rows'] : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + indexEntriesOf(child), 0);

/**
 * The share of matches among the first rows of the static rank, and how many rows from the top
 * to read for `limit` matches at that share, with the margin (more than the table holds when they
 * are sparse).
 */
async function probeTopRows(
  db: Db,
  where: RawBuilder<SqlBool>,
  limit: number,
  documents: number,
  tuning: OrderedScanTuning,
): Promise<{ share: number; rowsNeeded: number }> {
  const probed = Math.min(tuning.probeRows, documents);
  const { rows } = await sql<{ found: number }>`
    SELECT count(*)::int AS found FROM (SELECT 1 FROM (SELECT * FROM patent_search LIMIT ${probed}) s WHERE ${where} LIMIT ${limit}) hits`.execute(
    db,
  );
  const found = rows[0]?.found ?? 0;
  return {
    share: found / probed,
    rowsNeeded: Math.max(probed, Math.ceil((limit * probed * tuning.margin) / Math.max(found, 0.5))),
  };
}

/**
 * Every match of an advanced search, as a count or a sparse read wants it: the filters may use
 * their indexes, common values included, and the planner weighs them against the words.
 */
export function advancedMatchCondition(compiled: CompiledQuery, filters: SearchFilters): RawBuilder<SqlBool> {
  return sql<SqlBool>`${compiled.where} AND ${filtersCondition(filters, UNKNOWN_VALUE_SHARES)}`;
}

/**
 * Advanced search: the compiled query decides matches; its text terms rank them. An index scan
 * collects every match before the first row is read, while the table lies in static-rank order,
 * so that a query matching a good share of it fills the budget from its first rows. Unless the
 * planner expects few matches, a probe counts the matches among the first rows; where they are
 * frequent enough, the table is read in order up to a cap instead of through the indexes. The
 * probe sees the share where it matters, at the top of the ranking, which the planner's estimate
 * cannot (a field restriction, a phrase, dates that follow the rank).
 */
export async function advancedSearch(
  db: Db,
  request: {
    compiled: CompiledQuery;
    filters: SearchFilters;
    maxResults: number;
    budget: number;
    /** Counts made before, kept for searches run again. */
    counts?: CountCache;
    /** How counts beyond the budget are made (COUNTING by default). */
    counting?: CountingTuning;
  },
  corpus: SearchCorpus,
  tuning: OrderedScanTuning = ORDERED_SCAN,
): Promise<RankedCandidates> {
  const { compiled, filters, maxResults, budget: limit, counts, counting = COUNTING } = request;
  const { documents } = corpus;
  const filter = filtersCondition(filters, compiled.textDriven ? textIndexedShares(corpus) : corpus);
  const where = sql<SqlBool>`${compiled.where} AND ${filter}`;
  const estimated = await estimateMatches(db, sql<SqlBool>`${compiled.estimateWhere} AND ${filter}`);
  const ranking = {
    score: compiled.rankQuery
      ? sql`ts_rank(${RANK_WEIGHTS}::real[], c.text_vector, ${compiled.rankQuery})`
      : sql`0`,
    tieBreak: sql`c.static_rank`,
  };
  const search = (source: RawBuilder<unknown>, executor: Db = db, condition = where) =>
    rankCandidates(
      executor,
      sql`SELECT s.lens_id, s.family_key, s.static_rank, s.text_vector FROM ${source} WHERE ${condition} LIMIT ${limit}`,
      ranking,
      maxResults,
    );
  // With sparse matches even a common filter value's index is worth reading, and counting all
  // the matches is a sparse read of them.
  const sparse = advancedMatchCondition(compiled, filters);
  const count = countAhead(countMatches(db, sparse, counting, counts), counting.exactGraceMs);
  if (documents === 0 || estimated < tuning.probeShare * documents) {
    return countedAnswer(await search(sql`patent_search s`), limit, count);
  }
  const { share, rowsNeeded } = await probeTopRows(db, where, limit, documents, tuning);
  const throughIndexes = (source: RawBuilder<unknown>) =>
    db.transaction().execute(async (transaction) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
      return search(source, transaction, sparse);
    });
  // A capped read that filled the budget has the best candidates. One that did not may have
  // left matches beyond its cap, and an answer with fewer items than the budget must hold every
  // match: they are few, and the indexes find them all.
  const readInOrder = async () => {
    if (rowsNeeded >= documents) return countedAnswer(await search(sql`patent_search s`), limit, count);
    const capped = await search(sql`(SELECT * FROM patent_search LIMIT ${rowsNeeded}) s`);
    if ((capped[0]?.candidates ?? 0) >= limit) return countedAnswer(capped, limit, count, false);
    return countedAnswer(await throughIndexes(sql`patent_search s`), limit, count);
  };
  if (rowsNeeded <= tuning.baseRows) return readInOrder();
  // The matches are too sparse at the top of the ranking for a short read in order, which the
  // planner, expecting them spread evenly, would still choose for a LIMIT. Unless the index path
  // reads so many entries that a longer read in order is cheaper.
  // Where the top of the rank holds a budget's worth of matches at the probed share, a query
  // that needs indexed terms (words, names, classifications) reads the top's own indexes first.
  const topFirst =
    compiled.topIndexed && !filtersFollowRank(filters) && share * corpus.topRankDocuments >= limit;
  const source = topFirst
    ? sql`(${topRankFirst((part) => sql`SELECT * FROM patent_search s WHERE ${part}`)}) s`
    : sql`patent_search s`;
  const indexed = await db.transaction().execute(async (transaction) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
    const plan = await searchPlan(transaction, sparse, limit);
    // Read top first, the index path meets about the top's share of the entries the plan of the
    // whole counts: a longer read in order must be cheaper than that.
    const entries = (plan ? indexEntriesOf(plan) : 0) * (topFirst ? corpus.topRankDocuments / documents : 1);
    if (rowsNeeded <= Math.min(tuning.maxRows, entries * tuning.rowsPerIndexEntry)) return null;
    return search(source, transaction, sparse);
  });
  return indexed ? countedAnswer(indexed, limit, count) : readInOrder();
}
