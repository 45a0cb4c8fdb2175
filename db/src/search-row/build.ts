import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../tables.js';
import { inRankOrder, REINDEX_SHARE } from './rank-order.js';
import { analyzeSearchTable, laps, refillSearchTable } from './refill.js';

/**
 * The bulk-load contract of the search index (migration 20261122T0700-bulk-search-rows): a
 * writing transaction may defer the search rows of the patents it inserts, and the loader adds
 * them afterwards, set-based. Row by row, the trigger spends most of a load's database time;
 * set-based, the rows are computed while the load runs (or by parallel workers at its end) and
 * the indexes are built once, sorted.
 */
export async function deferSearchRows(transaction: Kysely<Database>): Promise<void> {
  await sql`SET LOCAL patentscout.search_rows = 'deferred'`.execute(transaction);
}

export interface SearchRowBuild {
  /** Search rows added. */
  built: number;
  /** Whether the secondary indexes were dropped and built again (a load larger than half the index). */
  reindexed: boolean;
  /** Rows computed beside the load, before the final build. */
  stagedAhead: number;
  /** Where the final build spent its time: computing the rest, inserting, building indexes. */
  phasesMs: { compute: number; insert: number; index: number };
  elapsedMs: number;
}

/**
 * The vocabulary of wildcards (migration 20261125T1100-search-words) gains the `words` of new
 * patents, as the triggers add those of other writes (`add_search_words`, one sorted INSERT). Parsing
 * the text costs most of what computing the row does, so it runs where the rows are computed:
 * beside the load, or by the final build's parallel workers.
 */
export const addSearchWords = (words: RawBuilder<unknown>) => sql`SELECT add_search_words(ARRAY(${words}))`;

export const wordsOf = (patents: RawBuilder<SqlBool>) =>
  sql`SELECT DISTINCT unnest(patent_words(p.title, p.abstract, p.claims)) AS word FROM patents p WHERE ${patents}`;

/**
 * Adds the search rows that deferred inserts left out (and those computed ahead into `staged`),
 * in static-rank order, so that a scan that stops early meets the best candidates first. Runs in
 * the caller's transaction when given one, otherwise in its own, so the index is never seen
 * half-built. Writers to the search table wait while it runs; a large build (more new rows than
 * half the index) rebuilds the table and its indexes, and searches wait too.
 */
export async function buildDeferredSearchRows(
  db: Kysely<Database>,
  staged?: string,
): Promise<SearchRowBuild> {
  const started = performance.now();
  const build = async (transaction: Kysely<Database>): Promise<SearchRowBuild> => {
    const lap = laps();
    await sql`SET LOCAL work_mem = '256MB'`.execute(transaction);
    await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(transaction);
    // No trigger may add a row between the computing below and the insert.
    await sql`LOCK TABLE patent_search IN SHARE ROW EXCLUSIVE MODE`.execute(transaction);
    if (staged) {
      // A patent updated since its row was staged has had its row written by the trigger: keep that one.
      await sql`DELETE FROM ${sql.table(staged)} t USING patent_search s WHERE t.lens_id = s.lens_id`.execute(
        transaction,
      );
    }
    const stagedRows = staged
      ? sql`SELECT * FROM ${sql.table(staged)}`
      : sql`SELECT * FROM patent_search WHERE false`;
    const notStaged = staged
      ? sql`AND NOT EXISTS (SELECT 1 FROM ${sql.table(staged)} t WHERE t.lens_id = p.lens_id)`
      : sql``;
    // Computing rows (the tsvectors above all) is the expensive part: CREATE TABLE AS lets
    // parallel workers share what was not computed ahead. Dropped at commit.
    const unindexed = sql<SqlBool>`NOT EXISTS (SELECT 1 FROM patent_search s WHERE s.lens_id = p.lens_id) ${notStaged}`;
    await sql`
      CREATE TEMPORARY TABLE deferred_search_rows ON COMMIT DROP AS
      SELECT (patent_search_row(p)).* FROM patents p WHERE ${unindexed}`.execute(transaction);
    const counts = await sql<{ computed: number; staged: number; indexed: number }>`
      SELECT (SELECT count(*) FROM deferred_search_rows)::int AS computed, (SELECT count(*) FROM (${stagedRows}) t)::int AS staged,
             (SELECT count(*) FROM patent_search)::int AS indexed`.execute(transaction);
    const { computed = 0, staged: stagedAhead = 0, indexed = 0 } = counts.rows[0] ?? {};
    if (computed > 0) {
      // An INSERT is planned without parallel workers. The staged rows' words came with them.
      await sql`CREATE TEMPORARY TABLE deferred_search_words ON COMMIT DROP AS ${wordsOf(unindexed)}`.execute(
        transaction,
      );
      await addSearchWords(sql`SELECT word FROM deferred_search_words`).execute(transaction);
    }
    const pending = computed + stagedAhead;
    const compute = lap();
    if (pending === 0)
      return {
        built: 0,
        reindexed: false,
        stagedAhead,
        phasesMs: { compute, insert: 0, index: 0 },
        elapsedMs: performance.now() - started,
      };

    const newRows = sql`SELECT * FROM deferred_search_rows UNION ALL ${stagedRows}`;
    if (pending > indexed * REINDEX_SHARE) {
      // The rows already indexed join the new ones, to be stored again in one rank order.
      if (indexed > 0)
        await sql`INSERT INTO deferred_search_rows SELECT * FROM patent_search`.execute(transaction);
      const copyMs = lap();
      const { inserted, insertMs, indexMs } = await refillSearchTable(
        transaction,
        staged ? ['deferred_search_rows', staged] : ['deferred_search_rows'],
      );
      lap(); // the refill timed its own phases
      await analyzeSearchTable(transaction);
      const phasesMs = { compute, insert: copyMs + insertMs, index: indexMs + lap() };
      return {
        built: inserted - indexed,
        reindexed: true,
        stagedAhead,
        phasesMs,
        elapsedMs: performance.now() - started,
      };
    }
    const inserted = await sql`
      INSERT INTO patent_search ${inRankOrder(newRows)}
      ON CONFLICT (lens_id) DO NOTHING`.execute(transaction);
    const insert = lap();
    await analyzeSearchTable(transaction);
    const phasesMs = { compute, insert, index: lap() };
    return {
      built: Number(inserted.numAffectedRows ?? 0),
      reindexed: false,
      stagedAhead,
      phasesMs,
      elapsedMs: performance.now() - started,
    };
  };
  return db.isTransaction ? build(db) : db.transaction().execute(build);
}
