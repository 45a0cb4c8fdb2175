import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { UNKNOWN_VALUE_SHARES } from './plan.js';
import { compileLensQuery } from './compile.js';
import { parseLensQuery } from '../query/parser.js';
import { NO_FILTERS } from './filters.js';
import { engineParts, type EngineParts } from './test-kit.js';

/**
 * Counting past the candidate budget: a search reads and ranks at most 1,000 candidates, so a
 * word in more patents than that is counted by the planner's estimate, and marked as estimated;
 * under the budget the counts stay exact.
 */
const PATENTS = 1_500;
const FAMILIES = 500;
const zeppelin = { lexeme: 'zeppelin', idf: Math.log(1 / 0.9) };

let database: TestDatabase;
let repo: EngineParts;

beforeAll(async () => {
  database = await createTestDatabase();
  repo = engineParts({ url: database.url });
  // Every other patent is Australian, and so are the odd-numbered families.
  const rows = Array.from({ length: PATENTS }, (_, index) =>
    patentRow({
      title: 'MOORING MAST',
      abstract: 'A zeppelin mooring mast.',
      jurisdiction: index % 2 === 0 ? 'US' : 'AU',
      family_id: `zeppelin-${index % FAMILIES}`,
    }),
  );
  for (let start = 0; start < rows.length; start += 500)
    await insertPatents(database.db, rows.slice(start, start + 500));
  await sql`ANALYZE patent_search`.execute(database.db);
});
afterAll(async () => {
  await repo?.close();
  await database.drop();
});

const near = (value: number, expected: number) => Math.abs(value - expected) <= expected * 0.1;

describe('counts beyond the candidate budget', () => {
  it('AI search: the planner estimates the total, the families scale with it, and both are marked estimated', async () => {
    const found = await repo.natural([zeppelin], NO_FILTERS, 500);
    expect(found.hits).toHaveLength(500);
    expect(found.estimated).toBe(true);
    expect(near(found.total, PATENTS)).toBe(true);
    expect(found.families).toBeGreaterThanOrEqual(FAMILIES);
    expect(found.families).toBeLessThanOrEqual(found.total);
  });

  it('AI search: counts exactly when the filters leave fewer matches than the budget', async () => {
    const found = await repo.natural([zeppelin], { ...NO_FILTERS, jurisdiction: ['AU'] }, 500);
    expect(found).toMatchObject({ total: PATENTS / 2, families: FAMILIES / 2, estimated: false });
  });

  it('advanced search: the same estimate past the budget, exact counts under it', async () => {
    const corpus = { ...UNKNOWN_VALUE_SHARES, documents: PATENTS, topRankDocuments: 0 };
    const all = await repo.advanced(compileLensQuery(parseLensQuery('zeppelin')), NO_FILTERS, 500, corpus);
    expect(all.estimated).toBe(true);
    expect(near(all.total, PATENTS)).toBe(true);
    const australian = await repo.advanced(
      compileLensQuery(parseLensQuery('zeppelin AND jurisdiction:AU')),
      NO_FILTERS,
      500,
      corpus,
    );
    expect(australian).toMatchObject({ total: PATENTS / 2, families: FAMILIES / 2, estimated: false });
  });
});
