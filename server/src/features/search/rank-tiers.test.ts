import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { topRankFirst } from './rank-tiers.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

describe('the top of the static rank', () => {
  it.each([
    ['text_vector', 'patent_search_text_country_top_idx', 'patent_search_text_country_idx'],
    ['names_vector', 'patent_search_names_top_idx', 'patent_search_names_idx'],
  ])(
    'reads the words of %s at the top through %s, and the rest through %s',
    async (column, topIndex, wholeIndex) => {
      const indexes = await database.db.transaction().execute(async (transaction) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
        const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
        EXPLAIN (FORMAT JSON) SELECT 1 FROM (${topRankFirst((part) => sql`SELECT * FROM patent_search s WHERE ${part}`)}) s
        WHERE ${sql.ref(`s.${column}`)} @@ 'solar'::tsquery`.execute(transaction);
        return indexesOf(rows[0]!['QUERY PLAN'][0].Plan);
      });
      expect(indexes).toEqual([topIndex, wholeIndex]);
    },
  );
});
