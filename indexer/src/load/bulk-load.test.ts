import { deferSearchRows } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from '@patentscout/server/testing/test-db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lensRecordToRow } from '../normalize/lens-to-row.js';
import { generatePatents } from '../sources/generator.js';
import { startBulkLoad } from './bulk-load.js';
import { writePatentBatch, type PositionedRow } from './patent-writer.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

const ROWS: PositionedRow[] = [...generatePatents({ count: 1000, seed: 5 })].map((record, index) => ({
  row: lensRecordToRow(record),
  position: `test:${index + 1}`,
}));

const count = async (table: 'patents' | 'patent_search') =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(database.db))
      .rows[0]?.n,
  );

/** Search rows that differ from what the trigger would write for their patent now. */
const staleSearchRows = async () =>
  Number(
    (
      await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM patents p LEFT JOIN patent_search s USING (lens_id)
        WHERE s.lens_id IS NULL OR (patent_search_row(p))::text <> s::text`.execute(database.db)
    ).rows[0]?.n,
  );

describe('bulk loads', () => {
  it('write patents without search rows, then index every one of them in static-rank order', async () => {
    const indexCount = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename = 'patent_search'`.execute(database.db)
      ).rows[0]?.n;
    const indexesBefore = await indexCount();
    const bulk = await startBulkLoad(database.db);
    for (let start = 0; start < 400; start += 100) await bulk.write(ROWS.slice(start, start + 100));
    expect(await count('patents')).toBe(400);
    expect(await count('patent_search')).toBe(0);

    const build = await bulk.finish();
    expect(build).toMatchObject({ built: 400, reindexed: true });
    expect(await staleSearchRows()).toBe(0);
    // Stored in rank order, so that a scan stopping early meets the best candidates first.
    // Postgres may put a later, smaller row into space left on an earlier page, so the check is
    // that the first hundred rows stored are almost all among the hundred best.
    const { rows } = await sql<{
      lens_id: string;
      static_rank: number;
    }>`SELECT lens_id, static_rank FROM patent_search ORDER BY ctid`.execute(database.db);
    const best = new Set(
      [...rows]
        .sort((a, b) => b.static_rank - a.static_rank)
        .slice(0, 100)
        .map((row) => row.lens_id),
    );
    const firstStored = rows.slice(0, 100).filter((row) => best.has(row.lens_id)).length;
    expect(firstStored).toBeGreaterThanOrEqual(90);
    expect(rows[0]!.static_rank).toBe(Math.max(...rows.map((row) => row.static_rank)));
    // The indexes dropped for the build are all back.
    expect(indexesBefore).toBeGreaterThan(10);
    expect(await indexCount()).toBe(indexesBefore);
    // Every column has statistics, the word frequencies included, and the planner knows the size.
    const stats = await sql<{ columns: number; words: number; tuples: number }>`
      SELECT count(*)::int AS columns,
             max(cardinality(most_common_elems::text::text[])) FILTER (WHERE attname = 'text_vector')::int AS words,
             (SELECT reltuples::int FROM pg_class WHERE relname = 'patent_search') AS tuples
      FROM pg_stats WHERE tablename = 'patent_search'`.execute(database.db);
    const columns = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_attribute WHERE attrelid = 'patent_search'::regclass AND attnum > 0 AND NOT attisdropped`.execute(
      database.db,
    );
    expect(stats.rows[0]).toEqual({ columns: columns.rows[0]?.n, words: expect.any(Number), tuples: 400 });
    expect(stats.rows[0]!.words).toBeGreaterThan(100);
    // No staging table is left behind.
    const staging = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE 'patent_search_staged_%'`.execute(
      database.db,
    );
    expect(staging.rows[0]?.n).toBe(0);
  });

  it('adds a small load to a large index without rebuilding it, and finds it by text search', async () => {
    const bulk = await startBulkLoad(database.db);
    await bulk.write(ROWS.slice(400, 430));
    expect(await bulk.finish()).toMatchObject({ built: 30, reindexed: false });
    expect(await staleSearchRows()).toBe(0);
    const title = ROWS[410]!.row.title;
    const found = await sql<{ lens_id: string }>`
      SELECT lens_id FROM patent_search WHERE text_vector @@ plainto_tsquery('english', ${title})`.execute(
      database.db,
    );
    expect(found.rows.map((row) => row.lens_id)).toContain(ROWS[410]!.row.lens_id);
  });

  it('defers only inserts: an update inside a deferring transaction still refreshes its search row', async () => {
    const changed = {
      ...ROWS[0]!,
      row: { ...ROWS[0]!.row, title: 'A wholly new title about zeolite membranes' },
    };
    await database.db.transaction().execute(async (transaction) => {
      await deferSearchRows(transaction);
      await writePatentBatch(transaction, [changed, ...ROWS.slice(430, 440)]);
    });
    // Ten inserts wait for a build; the update does not.
    expect(await staleSearchRows()).toBe(10);
    const updated = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM patent_search WHERE lens_id = ${changed.row.lens_id} AND text_vector @@ to_tsquery('english', 'zeolite')`.execute(
      database.db,
    );
    expect(updated.rows[0]?.n).toBe(1);
    const bulk = await startBulkLoad(database.db);
    expect(await bulk.finish()).toMatchObject({ built: 10 });
    expect(await staleSearchRows()).toBe(0);
  });

  it('rebuilds the index when a load is larger than half of it, keeping every row it had', async () => {
    const before = await count('patent_search');
    expect(before).toBe(440);
    const bulk = await startBulkLoad(database.db);
    for (let start = 440; start < 1000; start += 140) await bulk.write(ROWS.slice(start, start + 140));
    expect(await bulk.finish()).toMatchObject({ built: 560, reindexed: true });
    expect(await count('patent_search')).toBe(1000);
    expect(await staleSearchRows()).toBe(0);
    // Keys are back: a second row for a patent is refused, and deleting a patent deletes its row.
    await expect(
      sql`INSERT INTO patent_search SELECT * FROM patent_search LIMIT 1`.execute(database.db),
    ).rejects.toThrow(/duplicate key/);
    await sql`DELETE FROM patents WHERE lens_id = ${ROWS[999]!.row.lens_id}`.execute(database.db);
    expect(await count('patent_search')).toBe(999);
  });
});
