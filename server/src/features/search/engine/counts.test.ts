import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { parseLensQuery } from '../query/parser.js';
import { compileLensQuery } from './compile.js';
import { countMatches, createCountCache, exactCount } from './counts.js';
import { NO_FILTERS } from './filters.js';
import { COUNTING, UNKNOWN_VALUE_SHARES } from './plan.js';
import { engineParts, type EngineParts } from './test-kit.js';

/**
 * Counting past the candidate budget: a search reads and ranks at most 1,000 candidates; beyond
 * them its counts come from counts.ts: exact when the sample holds few matches, the sample's
 * estimate (within a known error, and said to be one) when it holds many.
 */
const PATENTS = 1_500;
const FAMILIES = 500;
const zeppelin = { lexeme: 'zeppelin', idf: Math.log(1 / 0.9) };
const everyZeppelin = sql<SqlBool>`s.text_vector @@ 'zeppelin'::tsquery`;

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

/** The sample's own count of the matches, as counts.ts reads it. */
async function sampled(): Promise<{ total: number; families: number }> {
  const { rows } = await sql<{ total: number; families: number }>`
    SELECT count(*)::int AS total, count(DISTINCT family_key)::int AS families
    FROM patent_search_sample s WHERE ${everyZeppelin}`.execute(database.db);
  return rows[0]!;
}

describe('the counting sample', () => {
  it('holds every patent of one family in twenty (and in 100), whole families, kept in step with the index', async () => {
    const { rows } = await sql<{
      expected: number;
      held: number;
      split: number;
      small: number;
      outside: number;
    }>`
      SELECT (SELECT count(*) FROM patent_search WHERE in_search_sample(family_key))::int AS expected,
             (SELECT count(*) FROM patent_search_sample)::int AS held,
             (SELECT count(*) FROM patent_search WHERE in_search_subsample(family_key))::int
               - (SELECT count(*) FROM patent_search_subsample)::int AS small,
             (SELECT count(*) FROM patent_search_subsample x
               WHERE NOT EXISTS (SELECT 1 FROM patent_search_sample s WHERE s.lens_id = x.lens_id))::int AS outside,
             (SELECT count(*) FROM patent_search_sample x
               WHERE NOT EXISTS (SELECT 1 FROM patent_search p WHERE p.lens_id = x.lens_id AND p.family_key = x.family_key))::int AS split`.execute(
      database.db,
    );
    expect(rows[0]!.expected).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ held: rows[0]!.expected, split: 0, small: 0, outside: 0 });
  });

  it('follows a patent moving in and out of the sample, its deletion, and the bulk rebuild (TRUNCATE)', async () => {
    const scratch = await createTestDatabase();
    try {
      const inSample = async (lensId: string) =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM patent_search_sample WHERE lens_id = ${lensId}`.execute(
            scratch.db,
          )
        ).rows[0]!.n;
      // Family keys whose hash puts them in and out of the sample.
      const { rows: keys } = await sql<{ key: string; sampled: boolean }>`
        SELECT 'family-' || n AS key, in_search_sample('family-' || n) AS sampled
        FROM generate_series(1, 400) n`.execute(scratch.db);
      const inside = keys.find((key) => key.sampled)!.key;
      const { rows: small } = await sql<{ key: string }>`
        SELECT 'family-' || n AS key FROM generate_series(1, 5000) n
        WHERE in_search_subsample('family-' || n) LIMIT 1`.execute(scratch.db);
      const inSubsample = async (lensId: string) =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM patent_search_subsample WHERE lens_id = ${lensId}`.execute(
            scratch.db,
          )
        ).rows[0]!.n;
      const outside = keys.find((key) => !key.sampled)!.key;
      const patent = patentRow({ title: 'AIRSHIP', family_id: outside });
      await insertPatents(scratch.db, [patent]);
      expect(await inSample(patent.lens_id)).toBe(0);
      await scratch.db
        .updateTable('patents')
        .set({ family_id: inside })
        .where('lens_id', '=', patent.lens_id)
        .execute();
      expect(await inSample(patent.lens_id)).toBe(1);
      await sql`TRUNCATE patent_search`.execute(scratch.db);
      expect(await inSample(patent.lens_id)).toBe(0);
      await sql`INSERT INTO patent_search SELECT (patent_search_row(p)).* FROM patents p`.execute(scratch.db);
      expect(await inSample(patent.lens_id)).toBe(1);
      await scratch.db
        .updateTable('patents')
        .set({ family_id: small[0]!.key })
        .where('lens_id', '=', patent.lens_id)
        .execute();
      expect([await inSample(patent.lens_id), await inSubsample(patent.lens_id)]).toEqual([1, 1]);
      await sql`TRUNCATE patent_search`.execute(scratch.db);
      expect(await inSubsample(patent.lens_id)).toBe(0);
      await sql`INSERT INTO patent_search SELECT (patent_search_row(p)).* FROM patents p`.execute(scratch.db);
      await scratch.db.deleteFrom('patents').where('lens_id', '=', patent.lens_id).execute();
      expect([await inSample(patent.lens_id), await inSubsample(patent.lens_id)]).toEqual([0, 0]);
    } finally {
      await scratch.drop();
    }
  });
});

describe('counts beyond the candidate budget', () => {
  it('AI search: exact counts when the samples hold too few families for an estimate', async () => {
    expect((await sampled()).families).toBeLessThan(COUNTING.minSampleFamilies);
    const found = await repo.natural([zeppelin], NO_FILTERS, 500);
    expect(found.hits).toHaveLength(500);
    expect(found).toMatchObject({ total: PATENTS, families: FAMILIES, estimated: false });
  });

  it('AI search: counts exactly under the budget with a filter', async () => {
    const found = await repo.natural([zeppelin], { ...NO_FILTERS, jurisdiction: ['AU'] }, 500);
    expect(found).toMatchObject({ total: PATENTS / 2, families: FAMILIES / 2, estimated: false });
  });

  it('advanced search: exact counts past the budget and under it', async () => {
    const corpus = { ...UNKNOWN_VALUE_SHARES, documents: PATENTS, topRankDocuments: 0 };
    const all = await repo.advanced(compileLensQuery(parseLensQuery('zeppelin')), NO_FILTERS, 500, corpus);
    expect(all).toMatchObject({ total: PATENTS, families: FAMILIES, estimated: false });
    const australian = await repo.advanced(
      compileLensQuery(parseLensQuery('zeppelin AND jurisdiction:AU')),
      NO_FILTERS,
      500,
      corpus,
    );
    expect(australian).toMatchObject({ total: PATENTS / 2, families: FAMILIES / 2, estimated: false });
  });

  it("uses the first sample's estimate, scaled and marked, that holds enough matches", async () => {
    const sample = await sampled();
    expect(sample.total).toBeGreaterThan(0);
    const twentieth = { table: 'patent_search_sample', buckets: 20 } as const;
    const tuning = {
      ...COUNTING,
      samples: [twentieth, { table: 'patent_search_subsample', buckets: 100 } as const],
    };
    const counted = await countMatches(database.db, everyZeppelin, { ...tuning, minSampleFamilies: 1 });
    expect(counted).toEqual({ total: sample.total * 20, families: sample.families * 20, estimated: true });
    // No sample holds enough: the count is exact.
    expect(await countMatches(database.db, everyZeppelin, { ...tuning, minSampleFamilies: 10_000 })).toEqual({
      total: PATENTS,
      families: FAMILIES,
      estimated: false,
    });
    // Whole families are sampled, so the estimate scales the families as it scales the patents.
    expect(counted.total / counted.families).toBeCloseTo(PATENTS / FAMILIES, 5);
  });

  it("falls back to the sample's estimate when an exact count takes too long, and cancels it", async () => {
    const slow = sql<SqlBool>`${everyZeppelin} AND pg_sleep(0.002) IS NOT NULL`;
    const started = performance.now();
    const counted = await countMatches(database.db, slow, { ...COUNTING, inlineExactMs: 50 });
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(counted.estimated).toBe(true);
    expect(await exactCount(database.db, slow, 50)).toBeNull();
    expect(await exactCount(database.db, everyZeppelin, 10_000)).toEqual({
      total: PATENTS,
      families: FAMILIES,
    });
  });

  it('answers the estimate when an exact count would be long, and the next answers the exact count made beside it', async () => {
    const sample = await sampled();
    const cache = createCountCache({ ttlMs: 60_000, max: 10 });
    // Every sample too small to trust, and more families than a quick exact count covers.
    const tuning = { ...COUNTING, minSampleFamilies: 10_000, exactBelowFamilies: 1 };
    const first = await countMatches(database.db, everyZeppelin, tuning, cache);
    expect(first).toEqual({ total: sample.total * 20, families: sample.families * 20, estimated: true });
    await expect
      .poll(() => countMatches(database.db, everyZeppelin, tuning, cache), { timeout: 10_000 })
      .toEqual({ total: PATENTS, families: FAMILIES, estimated: false });
  });

  it('keeps counts for searches run again until they expire, the oldest dropped first', async () => {
    let clock = 0;
    const cache = createCountCache({ ttlMs: 1_000, max: 2, now: () => clock });
    const tuning = { ...COUNTING, minSampleFamilies: 10_000 };
    const first = await countMatches(database.db, everyZeppelin, tuning, cache);
    expect(first).toEqual({ total: PATENTS, families: FAMILIES, estimated: false });
    // A counted search answers from the cache: a condition that now matches nothing still says the count.
    await sql`UPDATE patent_search SET text_vector = to_tsvector('english', 'blimp') WHERE lens_id IN
      (SELECT lens_id FROM patent_search ORDER BY lens_id LIMIT 10)`.execute(database.db);
    expect(await countMatches(database.db, everyZeppelin, tuning, cache)).toEqual(first);
    clock = 1_001;
    expect((await countMatches(database.db, everyZeppelin, tuning, cache)).total).toBe(PATENTS - 10);
    // Two more conditions push the first out.
    cache.set('a', first);
    cache.set('b', first);
    expect(cache.get('a')).toEqual(first);
    cache.set('c', first);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(first);
  });
});
