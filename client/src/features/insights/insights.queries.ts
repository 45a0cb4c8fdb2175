import { graphql } from '../../__generated__';

export const INSIGHTS = graphql(`
  query Insights($range: AnalyticsRange!, $interval: AnalyticsInterval!) {
    analytics(range: $range) {
      from
      to
      searches
      byKind: searchesOverTime(interval: $interval, by: KIND) {
        start
        series
        count
      }
      byPlan: searchesOverTime(interval: $interval, by: PLAN) {
        start
        series
        count
      }
      topQueries(limit: 10) {
        value
        count
      }
      topFilters(limit: 10) {
        filter
        value
        count
      }
      topIndustries(limit: 10) {
        value
        label
        count
      }
      topCountries(limit: 10) {
        value
        label
        count
      }
      signUps(interval: $interval) {
        start
        series
        count
      }
      activeUsers
      freeUsersAtLimit
      subscriptions {
        started
        cancelled
        activeNow
        overTime(interval: $interval) {
          start
          series
          count
        }
      }
      pageViewsByRoute(limit: 10) {
        value
        count
      }
      corpus {
        patents
        byYear {
          value
          count
        }
        byCountry(limit: 12) {
          value
          label
          count
        }
        byStatus {
          value
          count
        }
        enrichmentCoverage {
          enriched
          total
          ratio
        }
        lastReindexRun {
          status
          startedAt
          finishedAt
          read
          inserted
          updated
          skipped
          error
        }
      }
    }
  }
`);

export const LANDSCAPE = graphql(`
  query Landscape($input: LandscapeInput!) {
    landscape(input: $input) {
      basis
      counted
      total
      estimated
      byYear {
        value
        count
      }
      topOwners(limit: 10) {
        value
        count
      }
      topIpcClasses(limit: 10) {
        value
        count
      }
      byCountry(limit: 10) {
        value
        label
        count
      }
    }
  }
`);

/**
 * The landscape's map (ADR 0179): asked for only when the analyst switches to the Map view, so the
 * aggregates never wait for a layout. The same input runs the search again; the map is kept by
 * what it is drawn from, so switching back and forth lays it out once.
 */
export const LANDSCAPE_MAP = graphql(`
  query LandscapeMap($input: LandscapeInput!) {
    landscape(input: $input) {
      map {
        ...ResultMap_map
      }
    }
  }
`);
