import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { startAnalyticsWorld } from './analytics-fixture.js';
import { graphql } from './http.js';

/** An analyst's landscape: a search answered as aggregates, counted toward no allowance. */

const LANDSCAPE = `query Landscape($input: LandscapeInput!) {
  landscape(input: $input) {
    basis counted total estimated
    byYear { value count }
    topOwners(limit: 5) { value count }
    topIpcClasses { value count }
    byCountry { value label count }
  }
}`;

let app: TestApp;
let apiKey: string;

beforeAll(async () => {
  ({ app, apiKey } = await startAnalyticsWorld());
});
afterAll(() => app.close());

describe("an analyst's landscape", () => {
  it('answer a landscape: a search as aggregates, counted toward no allowance', async () => {
    const before = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const answer = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'ADVANCED', query: 'title:(solar)' } },
      apiKey,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.landscape).toEqual({
      basis: 'all 3 matches',
      counted: 3,
      total: 3,
      estimated: false,
      byYear: [
        { value: '2018', count: 1 },
        { value: '2020', count: 2 },
      ],
      topOwners: [
        { value: 'SUNBOT INC', count: 2 },
        { value: 'COATINGS LLC', count: 1 },
        { value: 'SKY CLEAN GMBH', count: 1 },
      ],
      topIpcClasses: [
        { value: 'H02S', count: 2 },
        { value: 'B08B', count: 1 },
        { value: 'C09D', count: 1 },
      ],
      byCountry: [
        { value: 'US', label: 'United States', count: 2 },
        { value: 'EP', label: expect.any(String), count: 1 },
      ],
    });
    const ai = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'AI', query: 'a robot or drone that cleans solar panels', jurisdiction: ['EP'] } },
      apiKey,
    );
    expect(ai.errors).toBeUndefined();
    expect(ai.data.landscape).toMatchObject({
      basis: 'all 1 matches',
      counted: 1,
      byCountry: [{ value: 'EP', count: 1 }],
    });
    const after = await app.database.db
      .selectFrom('search_events')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('refuse a landscape query it cannot read, and two searches in one operation', async () => {
    const bad = await graphql(
      app.baseUrl,
      LANDSCAPE,
      { input: { kind: 'ADVANCED', query: 'title:(' } },
      apiKey,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_SYNTAX', status: 400 });
    const two = await graphql(
      app.baseUrl,
      `
        {
          a: landscape(input: { kind: ADVANCED, query: "solar" }) {
            counted
          }
          b: landscape(input: { kind: ADVANCED, query: "robot" }) {
            counted
          }
        }
      `,
      {},
      apiKey,
    );
    expect(two.errors?.[0]?.message).toBe(
      'One search per request, please: this operation asks for 2 searches.',
    );
    expect(two.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
