import { existsSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/clock.js';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { parseLensQuery } from '../query/parser.js';
import { createSearchEngine, type SearchEngine } from './engine.js';
import { NO_FILTERS } from './filters.js';

/**
 * Yielding searches (ADR 0123): a search asked to yield runs on connections whose Postgres
 * backends have the lowest CPU priority; every other search keeps the ordinary ones. The test
 * Postgres runs on this machine, as the embedded one does.
 */
let database: TestDatabase;
let engine: SearchEngine;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertPatents(
    database.db,
    Array.from({ length: 20 }, () => patentRow({ title: 'SOLAR PANEL', abstract: 'A solar panel.' })),
  );
  engine = createSearchEngine({
    connectionString: database.url,
    clock: systemClock,
    yielding: { connectionString: database.url, connections: 1, niceness: 19 },
  });
});
afterAll(async () => {
  await engine?.close();
  await database.drop();
});

/** The backends connected to the test database, but the asking one. */
async function backends(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()`.execute(database.db);
  return rows.map((row) => row.pid);
}

/** The CPU priority of every backend connected to the test database, but the asking one's. */
const backendNiceness = async (): Promise<number[]> =>
  (await backends()).map((pid) => getPriority(pid)).sort((a, b) => a - b);

/** A backend's session's priority where Linux schedules sessions as groups (autogroup). */
const autogroupNiceness = (pid: number): number | undefined =>
  existsSync(`/proc/${pid}/autogroup`)
    ? Number(/nice (-?\d+)/.exec(readFileSync(`/proc/${pid}/autogroup`, 'utf8'))?.[1])
    : undefined;

const search = (priority: 'normal' | 'yielding') =>
  engine.advanced({ query: parseLensQuery('solar'), filters: NO_FILTERS, maxResults: 10, priority });

describe('yielding searches', () => {
  it('run on backends at the lowest CPU priority, and only those searches do', async () => {
    expect((await search('normal')).total).toBe(20);
    expect(engine.yieldingPoolUsage()?.total ?? 0).toBe(0);
    expect(await backendNiceness()).not.toContain(19);

    expect((await search('yielding')).total).toBe(20);
    expect(engine.yieldingPoolUsage()?.total).toBe(1);
    const niceness = await backendNiceness();
    expect(niceness.filter((value) => value === 19)).toHaveLength(1);
    // The ordinary connections keep the priority Postgres was started with.
    expect(niceness.filter((value) => value !== 19).length).toBeGreaterThan(0);
    // Each backend is a session of its own: where sessions are scheduled as groups, the yielding
    // one's group yields too, and the others' do not.
    const groups = (await backends()).map(autogroupNiceness);
    if (groups.every((group) => group !== undefined)) {
      expect(groups.filter((group) => group === 19)).toHaveLength(1);
    }

    // An exact count asked to yield uses the same low-priority connection.
    const counted = await engine.countExactly({
      query: parseLensQuery('solar'),
      filters: NO_FILTERS,
      priority: 'yielding',
    });
    expect(counted?.total).toBe(20);
    expect(engine.yieldingPoolUsage()?.total).toBe(1);
  });
});
