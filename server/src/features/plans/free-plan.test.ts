import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { givePaidPlan } from '../../testing/plans.js';
import { planReports, plansOver, SearchLimitReachedError, type PlansService } from './index.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const MONTH_START = new Date('2026-11-01T00:00:00Z');
const FREE = 20;
/** Accounts by the searches they ran this month; `paid` ran 21 on the Discover plan. */
const ACCOUNTS = { nineteen: 19, twenty: 20, twentyOne: 21, paid: 21 } as const;

let database: TestDatabase;
let plans: PlansService;

beforeAll(async () => {
  database = await createTestDatabase();
  plans = plansOver(database.db, { freeSearchesPerMonth: FREE, clock: { now: () => NOW } });
  for (const [uid, searches] of Object.entries(ACCOUNTS)) {
    await database.db
      .insertInto('users')
      .values({ uid, email: `${uid}@example.com`, name: uid })
      .execute();
    await database.db
      .insertInto('search_events')
      .values(
        Array.from({ length: searches }, (_, index) => ({
          user_uid: uid,
          kind: 'ai' as const,
          query: `query ${index} of ${uid}`,
          result_count: 1,
          created_at: new Date(MONTH_START.getTime() + (index + 1) * 60_000),
        })),
      )
      .execute();
  }
  await givePaidPlan(database.db, 'paid');
});
afterAll(() => database.drop());

const standing = async (uid: keyof typeof ACCOUNTS) =>
  plans.accountPlan(uid, await plans.searchesThisMonth(uid));

describe("the free plan's one rule: limited above its free searches", () => {
  it('lets a free account at 19 and at 20 searches through, and limits it at 21', async () => {
    expect(await standing('nineteen')).toMatchObject({
      searchesThisMonth: 19,
      limited: false,
      searchesLeft: 2,
    });
    expect(await standing('twenty')).toMatchObject({
      searchesThisMonth: 20,
      limited: false,
      searchesLeft: 1,
    });
    expect(await standing('twentyOne')).toMatchObject({
      searchesThisMonth: 21,
      limited: true,
      searchesLeft: 0,
    });
    expect(await standing('paid')).toMatchObject({ limited: false, searchesLeft: null });
  });

  it('names the same accounts in the report the analytics count', async () => {
    const { rows } = await sql<{ user_uid: string }>`${planReports.freeAccountsAtLimit(
      MONTH_START,
      NOW,
      FREE,
    )}`.execute(database.db);
    expect(rows.map((row) => row.user_uid)).toEqual(['twentyOne']);
  });

  it('reserves the 21st search of an account at 20, and refuses the next', async () => {
    const search = (query: string) => ({ kind: 'ai' as const, query, request: { query }, searchKey: query });
    await expect(plans.reserveSearch('twenty', search('the twenty-first'))).resolves.toMatchObject({
      id: expect.any(String),
    });
    await expect(plans.reserveSearch('twenty', search('the twenty-second'))).rejects.toBeInstanceOf(
      SearchLimitReachedError,
    );
    await expect(plans.reserveSearch('twentyOne', search('another'))).rejects.toBeInstanceOf(
      SearchLimitReachedError,
    );
  });
});
