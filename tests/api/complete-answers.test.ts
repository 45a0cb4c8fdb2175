import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoCorpus } from '@patentscout/indexer/demo-corpus';
import { createEmulatorUser } from '@patentscout/server/testing/emulator-users';
import { startTestApp, type TestApp } from '@patentscout/server/testing/test-app';
import { call } from './http.js';
import { givePaidPlan } from '@patentscout/server/testing/plans';

/**
 * Complete and correct answers at 100,000 patents: for a table of advanced queries with filters,
 * every answer's counts are checked against an exact count(*) written here in plain SQL over the
 * patents (not the engine's compiled conditions); an answer with fewer items than the cap must
 * hold every match, and exact counts must be exact.
 */
const PATENTS = 100_000;
const MAX_RESULTS = 500;

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startTestApp();
  await ensureDemoCorpus({ db: app.database.db, count: PATENTS });
  await sql`ANALYZE`.execute(app.database.db);
  const user = await createEmulatorUser({ verified: true });
  await app.database.db
    .insertInto('users')
    .values({ uid: user.uid, email: user.email, name: 'Counter' })
    .execute();
  await givePaidPlan(app.database.db, user.uid);
  token = user.idToken;
}, 600_000);
afterAll(() => app?.close());

interface Case {
  query: string;
  filters?: { years?: [number, number]; jurisdiction?: string[]; kind?: string[] };
  /** The same matches in plain SQL over `patents p`. */
  where: string;
}

const CASES: Case[] = [
  {
    query: 'kind:(A OR B1)',
    filters: { years: [2004, 2008] },
    where: `p.kind IN ('A', 'B1') AND p.year_published BETWEEN 2004 AND 2008`,
  },
  {
    query: 'kind:A1',
    filters: { years: [2015, 2016] },
    where: `p.kind = 'A1' AND p.year_published BETWEEN 2015 AND 2016`,
  },
  {
    query: 'jurisdiction:AU',
    filters: { years: [2019, 2020] },
    where: `p.jurisdiction = 'AU' AND p.year_published BETWEEN 2019 AND 2020`,
  },
  {
    query: 'date_published:[2012-01-01 TO 2012-03-31]',
    filters: { jurisdiction: ['US'] },
    where: `p.date_published BETWEEN '2012-01-01' AND '2012-03-31' AND p.jurisdiction = 'US'`,
  },
  {
    query: 'jurisdiction:(US OR EP)',
    filters: { years: [2000, 2001], kind: ['B'] },
    where: `p.jurisdiction IN ('US', 'EP') AND p.year_published BETWEEN 2000 AND 2001 AND p.kind LIKE 'B%'`,
  },
  {
    query: 'class_ipcr.symbol:H01M*',
    filters: { years: [2018, 2018] },
    where: `EXISTS (SELECT 1 FROM unnest(list_items(p.ipc_symbols)) AS symbol WHERE upper(symbol) LIKE 'H01M%') AND p.year_published = 2018`,
  },
  {
    query: 'earliest_priority_claim_date:[2000-01-01 TO 2000-12-31]',
    filters: { jurisdiction: ['CN', 'JP'] },
    where: `p.earliest_priority_date BETWEEN '2000-01-01' AND '2000-12-31' AND p.jurisdiction IN ('CN', 'JP')`,
  },
  {
    query: 'kind:B2',
    filters: { years: [1990, 2026] },
    where: `p.kind = 'B2' AND p.year_published BETWEEN 1990 AND 2026`,
  },
];

/**
 * Narrow queries on the latest year: their matches crowd the top of the static rank (which
 * follows the publication date), where a read in rank order up to a row cap finds most of them
 * but not all.
 */
function latestYearCases(year: number): Case[] {
  return [
    {
      query: 'kind:B2',
      filters: { years: [year, year] },
      where: `p.kind = 'B2' AND p.year_published = ${year}`,
    },
    {
      query: 'kind:B1',
      filters: { years: [year, year] },
      where: `p.kind = 'B1' AND p.year_published = ${year}`,
    },
    {
      query: 'kind:(B1 OR B2)',
      filters: { years: [year, year] },
      where: `p.kind IN ('B1', 'B2') AND p.year_published = ${year}`,
    },
  ];
}

async function exact(where: string): Promise<{ total: number; families: number }> {
  const { rows } = await sql<{ total: number; families: number }>`
    SELECT count(*)::int AS total, count(DISTINCT coalesce(p.family_id, p.lens_id))::int AS families
    FROM patents p WHERE ${sql.raw(where)}`.execute(app.database.db);
  return rows[0]!;
}

describe(`complete answers at ${PATENTS.toLocaleString('en')} patents`, () => {
  it('answers every match when there are fewer than the cap, and exact counts that are exact', async () => {
    const seen = { complete: 0, capped: 0 };
    const { rows: latest } = await sql<{
      year: number;
    }>`SELECT max(year_published) AS year FROM patents`.execute(app.database.db);
    for (const { query, filters, where } of [...CASES, ...latestYearCases(latest[0]!.year)]) {
      const answer = await call(app.baseUrl, 'POST', '/api/v1/boolean-search', {
        token,
        body: { query, ...filters },
      });
      expect(answer.status, query).toBe(200);
      const counted = await exact(where);
      const ids = (answer.body.data as { lens_id: string }[]).map((item) => item.lens_id);
      // Every item returned is a match.
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM patents p WHERE p.lens_id = ANY(${ids}) AND ${sql.raw(where)}`.execute(
        app.database.db,
      );
      expect(rows[0]!.n, query).toBe(ids.length);
      if (answer.body.results < MAX_RESULTS) {
        seen.complete += 1;
        // Every match is in the answer: an item, or a family member an item lists.
        const shown = (
          answer.body.data as { lens_id: string; family_members?: { lens_id: string }[] }[]
        ).flatMap((item) => [item.lens_id, ...(item.family_members ?? []).map((member) => member.lens_id)]);
        const { rows: missing } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM patents p WHERE NOT (p.lens_id = ANY(${shown})) AND ${sql.raw(where)}`.execute(
          app.database.db,
        );
        expect(missing[0]!.n, `${query}: matches missing from the answer`).toBe(0);
        expect(answer.body, query).toMatchObject({ estimated: false, total: counted.total });
        expect(answer.body.group_by_count, query).toBe(counted.families);
      } else {
        seen.capped += 1;
        if (!answer.body.estimated) expect(answer.body.total, query).toBe(counted.total);
        else expect(Math.abs(answer.body.total / counted.total - 1), query).toBeLessThanOrEqual(0.2);
      }
    }
    // The table exercises both sides of the cap.
    expect(seen.complete).toBeGreaterThanOrEqual(3);
    expect(seen.capped).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
