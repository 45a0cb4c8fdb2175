import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('database connections', () => {
  it('read tables in their physical order: no synchronised scans, no parallel workers', async () => {
    // Searches stop early in static-rank order and read AI search's tiers in turn; parallel
    // workers handed rows back in the order they finished, and the answers changed from run to run.
    const { rows } = await sql<{ synchronized: string; workers: string }>`
      SELECT current_setting('synchronize_seqscans') AS synchronized,
             current_setting('max_parallel_workers_per_gather') AS workers`.execute(database.db);
    expect(rows[0]).toEqual({ synchronized: 'off', workers: '0' });
  });
});
