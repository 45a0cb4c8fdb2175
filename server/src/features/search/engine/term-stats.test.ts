import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { createTermStatsSource } from './term-stats.js';

/** The corpus statistics that steer the search plans, read from the planner's own statistics. */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const rows = Array.from({ length: 40 }, (_, index) =>
    patentRow({
      jurisdiction: index < 30 ? 'US' : 'AU',
      // The last four: recent, with an abstract and AI text, at the top of the static rank.
      date_published: `${index < 10 ? 2010 : index < 36 ? 2020 : 2025}-06-01`,
      abstract: index < 36 ? '' : 'A recent patent.',
      title: index % 2 === 0 ? 'SOLAR CELL' : 'BATTERY PACK',
    }),
  );
  await insertPatents(database.db, rows);
  await sql`ANALYZE patent_search`.execute(database.db);
});
afterAll(() => database.drop());

describe('corpus statistics', () => {
  it('knows the corpus size, word frequencies and the share of filter values', async () => {
    const stats = await createTermStatsSource(database.db, { now: () => new Date() }).current();
    expect(stats.documents).toBe(40);
    expect(stats.topRankDocuments).toBeCloseTo(4, 0);
    expect(stats.frequency('solar')).toBeCloseTo(0.5, 1);
    expect(stats.share('jurisdiction', ['US'])).toBeCloseTo(0.75, 2);
    expect(stats.share('jurisdiction', ['US', 'AU'])).toBeCloseTo(1, 2);
    expect(stats.share('jurisdiction', ['NZ'])).toBe(0);
    expect(stats.yearShare(2015, null)).toBeCloseTo(0.75, 2);
    expect(stats.yearShare(null, 2010)).toBeCloseTo(0.25, 2);
    expect(stats.yearShare(2011, 2019)).toBe(0);
  });
});
