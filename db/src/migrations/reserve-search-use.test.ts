import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrationTestDatabase } from '@patentscout/server/testing/migration-db';

const MIGRATION = '20261126T0940-reserve-search-use';
const BEFORE = '20261126T0930-patent-lists-as-delimited-text';
const MONTH_START = new Date('2026-11-01T00:00:00Z');

describe(MIGRATION, () => {
  const migrated = migrationTestDatabase('latest');

  const reserve = (uid: string, searchKey: string | null, refuseAbove: number | null) =>
    sql<{ id: string | null; refused: boolean }>`
      SELECT id, refused FROM reserve_search_use(
        ${uid}, 'ai', 'solar panel cleaning robots', ${JSON.stringify({ query: 'q' })}::jsonb,
        ${searchKey}, ${MONTH_START}, now() - interval '1 day', ${(refuseAbove ?? 2) + 1}, ${refuseAbove})`
      .execute(migrated.database.db)
      .then(({ rows }) => rows[0]!);
  const eventsOf = async (uid: string) =>
    (
      await sql<{ search_key: string | null; request: unknown }>`
        SELECT search_key, request FROM search_events WHERE user_uid = ${uid} ORDER BY id`.execute(
        migrated.database.db,
      )
    ).rows;

  it('records a use, lets a repeat through free, refuses past the limit, and goes away down', async () => {
    const down = await migrated.migrator.migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    await expect(reserve('u1', 'k1', 2)).rejects.toThrow(/reserve_search_use/);
    const up = await migrated.migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();

    const first = await reserve('u1', 'k1', 2);
    expect(first.refused).toBe(false);
    expect(Number(first.id)).toBeGreaterThan(0);
    expect(await eventsOf('u1')).toEqual([{ search_key: 'k1', request: { query: 'q' } }]);
    // The same search again within the day: free, nothing recorded.
    expect(await reserve('u1', 'k1', 2)).toEqual({ id: null, refused: false });
    await reserve('u1', 'k2', 2);
    await reserve('u1', 'k3', 2);
    // Three uses are more than two: refused, and not recorded.
    expect(await reserve('u1', 'k4', 2)).toEqual({ id: null, refused: true });
    // No limit (a subscriber): recorded.
    expect((await reserve('u1', 'k5', null)).refused).toBe(false);
    expect((await eventsOf('u1')).map((event) => event.search_key)).toEqual(['k1', 'k2', 'k3', 'k5']);
  });

  it('lets exactly the allowance through when one user reserves from many connections at once', async () => {
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, n) => reserve('u2', `race-${n}`, 4)));
    // Five pass (each saw at most four before it); the other seven saw five, more than four.
    expect(outcomes.filter((outcome) => !outcome.refused)).toHaveLength(5);
    expect(await eventsOf('u2')).toHaveLength(5);
  });
});
