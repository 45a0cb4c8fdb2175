import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '@patentscout/db';
import { systemClock } from '../../../shared/clock.js';
import { insertPatents, patentRow } from '../../../testing/patent-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { createSearchAdmission } from '../admission.js';
import { parseLensQuery } from '../query/parser.js';
import { createSearchEngine, type SearchEngine } from './engine.js';
import { NO_FILTERS } from './filters.js';

/**
 * Searches at once (ADR 0124): beyond the admission's concurrency, a search waits for one before it
 * to end before sending its first statement; yielding searches are not counted. A search is held
 * in Postgres by a lock on the search table that another session keeps, so that the test does not
 * depend on timing: a search that does not wait its turn finishes while the first is held.
 */
let database: TestDatabase;
let engine: SearchEngine;
let locker: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertPatents(
    database.db,
    Array.from({ length: 5 }, () => patentRow({ title: 'SOLAR PANEL', abstract: 'A solar panel.' })),
  );
  engine = createSearchEngine({
    connectionString: database.url,
    clock: systemClock,
    admit: createSearchAdmission({ concurrency: 1 }).onOrdinaryConnections,
    yielding: { connectionString: database.url, connections: 1, niceness: 0 },
  });
  locker = createDb(database.url, { maxConnections: 1 });
  // The corpus statistics read first: they are shared by every search and read the search table.
  expect((await solar()).total).toBe(5);
});
afterAll(async () => {
  await engine?.close();
  await locker?.destroy();
  await database.drop();
});

const solar = () => engine.advanced({ query: parseLensQuery('solar'), filters: NO_FILTERS, maxResults: 10 });
/** A search of stop words only: one statement (the words), none over the search table. */
const stopWordsOnly = (priority: 'normal' | 'yielding') =>
  engine.natural({ text: 'the of and', filters: NO_FILTERS, maxResults: 10, priority });

/**
 * Runs `during` while the search table is locked against reads, and releases it afterwards; the
 * search started first (`held`) then waits in Postgres.
 */
async function whileSearchTableLocked<T>(during: (held: Promise<unknown>) => Promise<T>): Promise<T> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = locker.transaction().execute(async (transaction) => {
    await sql`LOCK TABLE patent_search IN ACCESS EXCLUSIVE MODE`.execute(transaction);
    locked();
    await released;
  });
  await isLocked;
  const held = solar();
  try {
    return await during(held);
  } finally {
    release();
    await holding;
    await held;
  }
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

describe('searches at once', () => {
  it('beyond the concurrency, a search waits for the one before it, and then runs', async () => {
    const order: string[] = [];
    // Returned unawaited: it can only end after the lock is released.
    const { next } = await whileSearchTableLocked(async (held) => {
      void held.then(() => order.push('held'));
      const waiting = stopWordsOnly('normal').then((answer) => {
        order.push('next');
        return answer;
      });
      expect(await settledWithin(waiting, 500)).toBe(false);
      return { next: waiting };
    });
    expect((await next).total).toBe(0);
    expect(order).toEqual(['held', 'next']);
    expect((await solar()).total).toBe(5);
  });

  it('a yielding search is not counted: it runs while the ordinary one is held', async () => {
    await whileSearchTableLocked(async () => {
      const yielding = stopWordsOnly('yielding');
      expect(await settledWithin(yielding, 2000)).toBe(true);
      expect((await yielding).total).toBe(0);
    });
  });
});
