import { parseLensQuery } from '@patentscout/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@patentscout/db';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { QueryTooComplexError, SearchTimedOutError } from '../query/errors.js';
import { cancelledAsTimedOut, checkStatementBudget, checkWildcardBudget } from './budget.js';
import { compileLensQuery } from './compile.js';
import { createSearchEngine } from './engine.js';
import { NO_FILTERS } from './filters.js';
import { QUERY_BUDGET } from './plan.js';
import { createSearchDb } from './row-order.js';
import type { WildcardWords } from './wildcards.js';

/** The engine's half of the query budget, and the statement allowance behind it (ADR 0111). */
let database: TestDatabase;
let searchDb: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  searchDb = createSearchDb(database.url, { maxConnections: 1, statementTimeoutMs: 200 });
});
afterAll(async () => {
  await searchDb.destroy();
  await database.drop();
});

const words = (count: number) => Array.from({ length: count }, (_, n) => `w${n}`).join(' ');

describe("the engine's query budget", () => {
  it('refuses a statement larger than a search may send, before sending it', async () => {
    // The shared parser's limits are skipped here on purpose: parsed, not checked.
    const compiled = compileLensQuery(parseLensQuery(`"${words(900)}"~50`));
    expect(() => checkStatementBudget(database.db, compiled)).toThrowError(QueryTooComplexError);
    expect(() => checkStatementBudget(database.db, compiled)).toThrowError(/too large to search/);
    const small = compileLensQuery(parseLensQuery('"solar panel mount"~50 OR title:(wind OR turbine)'));
    expect(() => checkStatementBudget(database.db, small)).not.toThrow();

    const engine = createSearchEngine({ connectionString: database.url, clock: { now: () => new Date() } });
    try {
      const refused = engine.advanced({
        query: parseLensQuery(`"${words(900)}"~50`),
        filters: NO_FILTERS,
        maxResults: 10,
      });
      await expect(refused).rejects.toMatchObject({
        code: 'QUERY_TOO_COMPLEX',
        body: { limit: 'statementCharacters', max: QUERY_BUDGET.statementCharacters },
      });
    } finally {
      await engine.close();
    }
  });

  it('refuses wildcard words that fit more vocabulary words together than a search may read', () => {
    const fitting = (count: number) => ({
      broad: false as const,
      exact: Array.from({ length: count }, (_, n) => `w${n}`),
      conflated: [],
      stemPrefix: null,
    });
    const within: WildcardWords = new Map([
      ['so*', fitting(500)],
      ['ba*', fitting(500)],
    ]);
    expect(() => checkWildcardBudget(within)).not.toThrow();
    const beyond: WildcardWords = new Map([...within, ['ce*', fitting(1)]]);
    expect(() => checkWildcardBudget(beyond)).toThrowError(
      /fit 1,001 words together; a search may read at most 1,000/,
    );
  });

  it("cancels a statement past the search's allowance and answers SEARCH_TIMED_OUT", async () => {
    const slow = cancelledAsTimedOut(() => sql`SELECT pg_sleep(5)`.execute(searchDb), 200);
    await expect(slow).rejects.toBeInstanceOf(SearchTimedOutError);
    await expect(slow).rejects.toMatchObject({ code: 'SEARCH_TIMED_OUT' });
    // The connection is free again at once: the statement was cancelled, not left running.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(searchDb);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
