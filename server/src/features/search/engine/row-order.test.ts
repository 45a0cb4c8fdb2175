import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, buildDeferredSearchRows, deferSearchRows } from '@patentscout/db';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { SEARCH_STATEMENT_TIMEOUT_MS } from './plan.js';
import { createSearchDb, topRankFirst } from './row-order.js';

/** The row-order dependency of row-order.ts: each test fails when one of its conditions breaks. */
let database: TestDatabase;
let searchDb: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  searchDb = createSearchDb(database.url, {
    maxConnections: 1,
    statementTimeoutMs: SEARCH_STATEMENT_TIMEOUT_MS,
  });
});
afterAll(async () => {
  await searchDb.destroy();
  await database.drop();
});

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

describe('the row order the engine reads in', () => {
  it('is kept by its connections: no synchronised scans, no parallel workers', async () => {
    const { rows } = await sql<{ synchronized: string; workers: string }>`
      SELECT current_setting('synchronize_seqscans') AS synchronized,
             current_setting('max_parallel_workers_per_gather') AS workers`.execute(searchDb);
    expect(rows[0]).toEqual({ synchronized: 'off', workers: '0' });
  });

  it.each([
    ['text_vector', 'patent_search_text_country_top_idx', 'patent_search_text_country_rest_idx'],
    ['names_vector', 'patent_search_names_top_idx', 'patent_search_names_rest_idx'],
    ['ipc_symbols', 'patent_search_ipc_top_idx', 'patent_search_ipc_rest_idx'],
    ['cpc_symbols', 'patent_search_cpc_top_idx', 'patent_search_cpc_rest_idx'],
  ])(
    'reads %s at the top of the rank through %s (TOP_RANK_MIN is its bound), and the rest through %s',
    async (column, topIndex, restIndex) => {
      const indexes = await searchDb.transaction().execute(async (transaction) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
        const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
          EXPLAIN (FORMAT JSON) SELECT 1 FROM (${topRankFirst((part) => sql`SELECT * FROM patent_search s WHERE ${part}`)}) s
          WHERE ${column.endsWith('_symbols') ? sql`classification_prefixes(list_items(${sql.ref(`s.${column}`)})) && ARRAY['H01M']::text[]` : sql`${sql.ref(`s.${column}`)} @@ 'solar'::tsquery`}`.execute(
          transaction,
        );
        return indexesOf(rows[0]!['QUERY PLAN'][0].Plan);
      });
      expect(indexes).toEqual([topIndex, restIndex]);
    },
  );

  // Last: the rows it loads would let the planner see that the top of the rank is empty.
  it('is the static rank, best first, after a bulk build, whatever order the patents came in', async () => {
    // Ranks rise with the year, so a load in year order writes them worst first.
    const patents = Array.from({ length: 60 }, (_, index) =>
      patentRow({ date_published: `${1990 + (index % 30)}-01-0${1 + (index % 9)}` }),
    );
    await database.db.transaction().execute(async (transaction) => {
      await deferSearchRows(transaction);
      await insertPatents(transaction, patents);
      const build = await buildDeferredSearchRows(transaction);
      expect(build).toMatchObject({ built: 60, reindexed: true });
    });
    const { rows } = await sql<{ static_rank: number }>`SELECT static_rank FROM patent_search`.execute(
      searchDb,
    );
    expect(rows).toHaveLength(60);
    const ranks = rows.map((row) => row.static_rank);
    expect(ranks).toEqual([...ranks].sort((left, right) => right - left));
    expect(new Set(ranks).size).toBeGreaterThan(10);
  });
});
