import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@patentscout/server/testing/test-app';
import { RANGE, startAnalyticsWorld } from './analytics-fixture.js';
import { graphql } from './http.js';

/** The analytics and the corpus's figures an analyst reads, exact over the controlled events. */

const ANALYTICS = `query Figures($range: AnalyticsRange!) {
  analytics(range: $range) {
    from to searches
    byKind: searchesOverTime(interval: DAY, by: KIND) { start series count }
    byPlan: searchesOverTime(interval: WEEK, by: PLAN) { start series count }
    topQueries(limit: 2) { value count }
    topFilters(limit: 30) { filter value count }
    topIndustries { value label count }
    topCountries { value label count }
    signUps(interval: WEEK) { start series count }
    activeUsers
    freeUsersAtLimit
    subscriptions { started cancelled activeNow overTime(interval: WEEK) { start series count } }
    pageViewsByRoute { value count }
  }
}`;

const CORPUS = `query Corpus($range: AnalyticsRange!) {
  analytics(range: $range) {
    corpus {
      patents
      byYear { value count }
      byCountry(limit: 3) { value label count }
      byStatus { value count }
      enrichmentCoverage { enriched total ratio }
      lastReindexRun { status read inserted updated skipped startedAt finishedAt }
    }
  }
}`;

let app: TestApp;
let apiKey: string;

beforeAll(async () => {
  ({ app, apiKey } = await startAnalyticsWorld());
});
afterAll(() => app.close());

describe('the analytics an analyst reads', () => {
  it('read the analytics, with the exact figures of the controlled events', async () => {
    const answer = await graphql(app.baseUrl, ANALYTICS, { range: RANGE }, apiKey);
    expect(answer.errors).toBeUndefined();
    const figures = answer.data.analytics;
    expect(figures.from).toBe('2026-03-02T00:00:00.000Z');
    expect(figures.to).toBe('2026-03-16T00:00:00.000Z');
    expect(figures.searches).toBe(7);
    expect(figures.byKind).toEqual([
      { start: '2026-03-02', series: 'ai', count: 2 },
      { start: '2026-03-03', series: 'ai', count: 1 },
      { start: '2026-03-03', series: 'boolean', count: 1 },
      { start: '2026-03-10', series: 'ai', count: 1 },
      { start: '2026-03-10', series: 'oneshot', count: 1 },
      { start: '2026-03-15', series: 'ai', count: 1 },
    ]);
    expect(figures.byPlan).toEqual([
      { start: '2026-03-02', series: 'free', count: 4 },
      { start: '2026-03-09', series: 'discover', count: 2 },
      { start: '2026-03-09', series: 'free', count: 1 },
    ]);
    expect(figures.topQueries).toEqual([
      { value: 'solar panel cleaning robot', count: 3 },
      { value: 'battery thermal management system', count: 2 },
    ]);
    expect(figures.topFilters).toEqual(
      expect.arrayContaining([
        { filter: 'jurisdiction', value: 'US', count: 2 },
        { filter: 'jurisdiction', value: 'EP', count: 1 },
        { filter: 'jurisdiction', value: 'DE', count: 1 },
        { filter: 'ipc_filters', value: 'A01', count: 2 },
        { filter: 'ipc_filters', value: 'B01', count: 1 },
        { filter: 'years', value: '2010-2020', count: 1 },
        { filter: 'legal_status', value: 'ACTIVE', count: 1 },
      ]),
    );
    expect(figures.topFilters.filter((entry: { filter: string }) => entry.filter === 'years')).toEqual([
      { filter: 'years', value: '2010-2020', count: 1 },
    ]);
    expect(figures.topFilters[0]).toMatchObject({ count: 2 });
    expect(figures.topIndustries).toEqual([
      { value: 'agriculture_and_food', label: 'Agriculture & Food', count: 2 },
    ]);
    expect(figures.topCountries).toEqual([
      { value: 'US', label: 'United States', count: 2 },
      { value: 'DE', label: expect.any(String), count: 1 },
      { value: 'EP', label: expect.any(String), count: 1 },
    ]);
    expect(figures.signUps).toEqual([
      { start: '2026-03-02', series: 'total', count: 2 },
      { start: '2026-03-09', series: 'total', count: 1 },
    ]);
    // FREE_A, FREE_B, PAYING searched; uid-early only viewed a page while signed in.
    expect(figures.activeUsers).toBe(4);
    // March up to the range's end: FREE_A has 4 searches (above 3), FREE_B 1; PAYING is on Discover.
    expect(figures.freeUsersAtLimit).toBe(1);
    expect(figures.subscriptions).toEqual({
      started: 2,
      cancelled: 1,
      activeNow: 1,
      overTime: [
        { start: '2026-03-02', series: 'started', count: 1 },
        { start: '2026-03-09', series: 'cancelled', count: 1 },
        { start: '2026-03-09', series: 'started', count: 1 },
      ],
    });
    expect(figures.pageViewsByRoute).toEqual([
      { value: '/patents/:id', count: 3 },
      { value: '/home', count: 2 },
      { value: '/', count: 1 },
    ]);
  });

  it('read the corpus figures and the last re-index run', async () => {
    const answer = await graphql(app.baseUrl, CORPUS, { range: RANGE }, apiKey);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.analytics.corpus).toEqual({
      patents: 4,
      byYear: [
        { value: '2015', count: 1 },
        { value: '2018', count: 1 },
        { value: '2020', count: 2 },
      ],
      byCountry: [
        { value: 'US', label: 'United States', count: 2 },
        { value: 'EP', label: expect.any(String), count: 1 },
        { value: 'IT', label: 'Italy', count: 1 },
      ],
      byStatus: [
        { value: 'ACTIVE', count: 3 },
        { value: 'EXPIRED', count: 1 },
      ],
      enrichmentCoverage: { enriched: 3, total: 4, ratio: 0.75 },
      lastReindexRun: {
        status: 'succeeded',
        read: 120,
        inserted: 100,
        updated: 15,
        skipped: 5,
        startedAt: '2026-03-08T03:00:00.000Z',
        finishedAt: '2026-03-08T03:20:00.000Z',
      },
    });
  });

  it('checks the range', async () => {
    const backwards = await graphql(
      app.baseUrl,
      '{ analytics(range: { from: "2026-03-16", to: "2026-03-02" }) { searches } }',
      {},
      apiKey,
    );
    expect(backwards.errors?.[0]?.extensions).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    const garbage = await graphql(
      app.baseUrl,
      '{ analytics(range: { from: "yesterday", to: "2026-03-02" }) { searches } }',
      {},
      apiKey,
    );
    expect(garbage.errors?.[0]?.message).toMatch(/from: must be an ISO date/);
  });
});
