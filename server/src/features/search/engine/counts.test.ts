import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { parseLensQuery } from '../query/parser.js';
import { advancedMatchCondition } from './advanced.js';
import { compileLensQuery } from './compile.js';
import {
  countAhead,
  countMatches,
  createCountCache,
  exactCount,
  exactCountOnce,
  settledCount,
} from './counts.js';
import { NO_FILTERS } from './filters.js';
import { COUNTING, UNKNOWN_VALUE_SHARES } from './plan.js';
import { engineParts, type EngineParts } from '../../../testing/search-engine-kit.js';

/**
 * Counting past the candidate budget: a search reads and ranks at most 1,000 candidates; beyond
 * them its counts come from counts.ts: the sample's estimate (within a known error, and said to be
 * one) when it holds many matches; when it holds few, the exact count if it ends within the
 * answer's grace, else the estimate while the exact count runs on for the next answers.
 */
const PATENTS = 1_500;
const FAMILIES = 500;
const zeppelin = { lexeme: 'zeppelin', idf: Math.log(1 / 0.9) };
const everyZeppelin = sql<SqlBool>`s.text_vector @@ 'zeppelin'::tsquery`;

let database: TestDatabase;
/** The engine with time enough for every exact count: these tests check what is counted, not when. */
let repo: EngineParts;
/** Long enough for any exact count of this corpus, however busy the machine. */
const PATIENT = { ...COUNTING, exactGraceMs: 10_000 };

beforeAll(async () => {
  database = await createTestDatabase();
  repo = engineParts({ url: database.url }, undefined, PATIENT);
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

/** The sample's counts scaled as its estimate says them. */
async function sampledTimes20(): Promise<{ total: number; families: number }> {
  const sample = await sampled();
  return { total: sample.total * 20, families: sample.families * 20 };
}

describe("the samples' indexes", () => {
  // A count by a field other than words reads the sample through the field's index, as a search
  // reads `patent_search` (migration 20261126T1600-sample-filter-indexes): not every row of it.
  it.each([
    ['class_ipcr.symbol:H01M*', 'ipc_idx'],
    ['class_cpc.symbol:Y02E*', 'cpc_idx'],
    ['applicant.name.exact:"ZEPPELIN WORKS"', 'applicants_idx'],
    ['inventor.name.exact:"ECKENER HUGO"', 'inventors_idx'],
    ['owner_all.name.exact:"ZEPPELIN WORKS"', 'owners_idx'],
    ['date_published:[2015-01-01 TO 2015-03-31]', 'date_idx'],
    ['earliest_priority_claim_date:[2000 TO 2001]', 'priority_idx'],
  ])('%s reads %s', async (query, index) => {
    const where = advancedMatchCondition(compileLensQuery(parseLensQuery(query)), NO_FILTERS);
    for (const table of ['patent_search_sample', 'patent_search_subsample']) {
      const plan = await database.db.transaction().execute(async (transaction) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(transaction);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT count(*) FROM ${sql.table(table)} s WHERE ${where}`.execute(transaction);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, table).toContain(`${table}_${index}`);
    }
  });
});

describe('counts beyond the candidate budget', () => {
  it('AI search: exact counts when the samples hold too few families and the exact count ends in time', async () => {
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
    // No sample holds enough: the exact count comes with the estimate, for the answer to wait for.
    const thin = await countMatches(database.db, everyZeppelin, { ...tuning, minSampleFamilies: 10_000 });
    expect(thin).toMatchObject({ estimated: true });
    expect(await settledCount(thin, 10_000)).toEqual({
      total: PATENTS,
      families: FAMILIES,
      estimated: false,
    });
    // Whole families are sampled, so the estimate scales the families as it scales the patents.
    expect(counted.total / counted.families).toBeCloseTo(PATENTS / FAMILIES, 5);
  });

  it('never waits for a long exact count: the answer says the estimate, the next ones the exact count', async () => {
    // 1,500 matches of 2 ms each: an exact count of 3 s; the samples' few rows take a fraction.
    const slow = sql<SqlBool>`${everyZeppelin} AND pg_sleep(0.002) IS NOT NULL`;
    const cache = createCountCache({ ttlMs: 60_000, max: 10 });
    const started = performance.now();
    const answer = await countAhead(
      countMatches(database.db, slow, COUNTING, cache),
      COUNTING.exactGraceMs,
    )();
    expect(performance.now() - started).toBeLessThan(900);
    expect(answer).toEqual({ ...(await sampledTimes20()), estimated: true });
    // The results page's exact count joins the one running: a count of its own would take 3 s.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const joined = performance.now();
    expect(await exactCountOnce(database.db, slow, 30_000, cache)).toEqual({
      total: PATENTS,
      families: FAMILIES,
    });
    expect(performance.now() - joined).toBeLessThan(2_900);
    expect(await countMatches(database.db, slow, COUNTING, cache)).toEqual({
      total: PATENTS,
      families: FAMILIES,
      estimated: false,
    });
  }, 20_000);

  it('cancels an exact count that runs past its allowance', async () => {
    const slow = sql<SqlBool>`${everyZeppelin} AND pg_sleep(0.002) IS NOT NULL`;
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
    const first = await settledCount(await countMatches(database.db, everyZeppelin, tuning, cache), 10_000);
    expect(first).toEqual({ total: PATENTS, families: FAMILIES, estimated: false });
    // A counted search answers from the cache: a condition that now matches nothing still says the count.
    await sql`UPDATE patent_search SET text_vector = to_tsvector('english', 'blimp') WHERE lens_id IN
      (SELECT lens_id FROM patent_search ORDER BY lens_id LIMIT 10)`.execute(database.db);
    expect(await countMatches(database.db, everyZeppelin, tuning, cache)).toEqual(first);
    clock = 1_001;
    const recounted = await settledCount(
      await countMatches(database.db, everyZeppelin, tuning, cache),
      10_000,
    );
    expect(recounted.total).toBe(PATENTS - 10);
    // Two more conditions push the first out.
    cache.set('a', first);
    cache.set('b', first);
    expect(cache.get('a')).toEqual(first);
    cache.set('c', first);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(first);
  });
});
