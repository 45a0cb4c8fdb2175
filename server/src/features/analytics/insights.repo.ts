import { sql, type RawBuilder } from 'kysely';
import { YEAR_MAX, YEAR_MIN } from '@patentscout/schema';
import type { Db } from '@patentscout/db';
import { planReports } from '../plans/index.js';
import type { Counted, Window } from './analytics.model.js';
import type { Unit, Bucket, InsightsRepo, IndexRunRow } from './insights.contract.js';
export type { Unit, Bucket, IndexRunRow, InsightsRepo } from './insights.contract.js';

/**
 * The analytics' aggregates, each one SQL statement over an indexed time range (see the
 * 20261125T0300 migration and `npm run bench:analytics`). Buckets are UTC days or ISO weeks.
 */
export function createInsightsRepo(db: Db): InsightsRepo {
  /** The bucket's start; grouped as a timestamp and formatted after the grouping (once a bucket). */
  const bucket = (unit: Unit, column: RawBuilder<unknown>) =>
    sql<string>`date_trunc(${unit}, ${column} AT TIME ZONE 'UTC')`;
  /** `rows` of (bucket, series, count) with the bucket as YYYY-MM-DD. */
  const histogram = (grouped: RawBuilder<unknown>) => sql<Bucket>`
    SELECT to_char(b, 'YYYY-MM-DD') AS start, series, count FROM (${grouped}) g ORDER BY b, series`;

  async function rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(db)).rows;
  }

  return {
    searchesByKind(w: Window, unit: Unit): Promise<Bucket[]> {
      return rows(
        histogram(sql`
        SELECT ${bucket(unit, sql.ref('created_at'))} AS b, kind AS series, count(*)::int AS count
        FROM search_events WHERE created_at >= ${w.from} AND created_at < ${w.to}
        GROUP BY 1, 2`),
      );
    },

    /** The searcher's plan as it stands now (the plans module's rule of "subscribed"). */
    searchesByPlan(w: Window, unit: Unit): Promise<Bucket[]> {
      return rows(
        histogram(sql`
        SELECT ${bucket(unit, sql.ref('e.created_at'))} AS b,
               CASE WHEN s.user_uid IS NOT NULL THEN 'discover' ELSE 'free' END AS series,
               count(*)::int AS count
        FROM search_events e
        LEFT JOIN (SELECT DISTINCT user_uid FROM (${planReports.subscribedAccounts()}) p) s
          ON s.user_uid = e.user_uid
        WHERE e.created_at >= ${w.from} AND e.created_at < ${w.to}
        GROUP BY 1, 2`),
      );
    },

    async searches(w: Window): Promise<number> {
      const [row] = await rows(sql<{ count: number }>`
        SELECT count(*)::int AS count FROM search_events
        WHERE created_at >= ${w.from} AND created_at < ${w.to}`);
      return row?.count ?? 0;
    },

    topQueries(w: Window, limit: number): Promise<Counted[]> {
      return rows(sql<Counted>`
        SELECT lower(btrim(query)) AS value, count(*)::int AS count FROM search_events
        WHERE created_at >= ${w.from} AND created_at < ${w.to}
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`);
    },

    /**
     * Each filter value a search used (years as one "from-to" value), counted once per search. The
     * whole year range is every search's default, not a choice, so it is left out.
     */
    topFilters(w: Window, limit: number): Promise<Array<Counted & { filter: string }>> {
      return rows(sql<Counted & { filter: string }>`
        SELECT f.key AS filter, v.value, count(*)::int AS count
        FROM search_events e
        CROSS JOIN LATERAL jsonb_each(e.request) f
        CROSS JOIN LATERAL jsonb_array_elements_text(
          CASE WHEN f.key = 'years' AND jsonb_typeof(f.value) = 'array' AND jsonb_array_length(f.value) = 2
                    AND concat(f.value->>0, '-', f.value->>1) <> ${`${YEAR_MIN}-${YEAR_MAX}`}
                 THEN jsonb_build_array(concat(f.value->>0, '-', f.value->>1))
               WHEN f.key = 'years' THEN '[]'::jsonb
               WHEN jsonb_typeof(f.value) = 'array' THEN f.value
               ELSE '[]'::jsonb END) v(value)
        WHERE e.created_at >= ${w.from} AND e.created_at < ${w.to}
          AND jsonb_typeof(e.request) = 'object' AND f.key <> 'query'
        GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${limit}`);
    },

    /** The distinct IPC filter lists searched, with how many searches used each. */
    ipcFilterSets(w: Window): Promise<Array<{ codes: string[]; count: number }>> {
      return rows(sql<{ codes: string[]; count: number }>`
        SELECT e.request->'ipc_filters' AS codes, count(*)::int AS count FROM search_events e
        WHERE e.created_at >= ${w.from} AND e.created_at < ${w.to}
          AND jsonb_typeof(e.request->'ipc_filters') = 'array'
          AND jsonb_array_length(e.request->'ipc_filters') > 0
        GROUP BY 1`);
    },

    topCountries(w: Window, limit: number): Promise<Counted[]> {
      return rows(sql<Counted>`
        SELECT upper(v.value) AS value, count(*)::int AS count FROM search_events e
        CROSS JOIN LATERAL jsonb_array_elements_text(e.request->'jurisdiction') v(value)
        WHERE e.created_at >= ${w.from} AND e.created_at < ${w.to}
          AND jsonb_typeof(e.request->'jurisdiction') = 'array'
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`);
    },

    signUps(w: Window, unit: Unit): Promise<Bucket[]> {
      return rows(
        histogram(sql`
        SELECT ${bucket(unit, sql.ref('created_at'))} AS b, 'total' AS series, count(*)::int AS count
        FROM users WHERE created_at >= ${w.from} AND created_at < ${w.to}
        GROUP BY 1`),
      );
    },

    async activeUsers(w: Window): Promise<number> {
      const [row] = await rows(sql<{ count: number }>`
        SELECT count(*)::int AS count FROM (
          SELECT user_uid FROM search_events WHERE created_at >= ${w.from} AND created_at < ${w.to}
          UNION
          SELECT user_uid FROM page_views
          WHERE viewed_at >= ${w.from} AND viewed_at < ${w.to} AND user_uid IS NOT NULL) active`);
      return row?.count ?? 0;
    },

    /** Open free accounts with at least `free` searches from `monthStart` to `to`. */
    /** Free accounts (not deleted) limited by the plans module's rule in the month up to `to`. */
    async freeUsersAtLimit(monthStart: Date, to: Date, freeSearchesPerMonth: number): Promise<number> {
      const [row] = await rows(sql<{ count: number }>`
        SELECT count(*)::int AS count
        FROM (${planReports.freeAccountsAtLimit(monthStart, to, freeSearchesPerMonth)}) limited
        JOIN users u ON u.uid = limited.user_uid
        WHERE u.deleted_at IS NULL`);
      return row?.count ?? 0;
    },

    async subscriptionCounts(w: Window): Promise<{ started: number; cancelled: number; activeNow: number }> {
      const [row] = await rows(sql<{ started: number; cancelled: number; active_now: number }>`
        SELECT count(*) FILTER (WHERE change = 'started')::int AS started,
               count(*) FILTER (WHERE change = 'cancelled')::int AS cancelled,
               (SELECT count(*)::int FROM users
                WHERE deleted_at IS NULL
                  AND uid IN (SELECT user_uid FROM (${planReports.subscribedAccounts()}) p)) AS active_now
        FROM (${planReports.startsAndEnds(w.from, w.to)}) c`);
      return { started: row?.started ?? 0, cancelled: row?.cancelled ?? 0, activeNow: row?.active_now ?? 0 };
    },

    subscriptionsOverTime(w: Window, unit: Unit): Promise<Bucket[]> {
      return rows(
        histogram(sql`
        SELECT ${bucket(unit, sql.ref('changed_at'))} AS b, change AS series, count(*)::int AS count
        FROM (${planReports.startsAndEnds(w.from, w.to)}) c
        GROUP BY 1, 2`),
      );
    },

    /** Routes: the query string dropped, a patent's id replaced by :id. */
    pageViewsByRoute(w: Window, limit: number): Promise<Counted[]> {
      return rows(sql<Counted>`
        SELECT regexp_replace(split_part(path, '?', 1), '^/patents/[^/]+$', '/patents/:id') AS value,
               count(*)::int AS count
        FROM page_views WHERE viewed_at >= ${w.from} AND viewed_at < ${w.to}
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`);
    },

    corpusByYear(): Promise<Counted[]> {
      return rows(sql<Counted>`
        SELECT year_published::text AS value, count(*)::int AS count FROM patents GROUP BY year_published ORDER BY year_published`);
    },

    corpusBy(column: 'jurisdiction' | 'patent_status', limit: number): Promise<Counted[]> {
      return rows(sql<Counted>`
        SELECT ${sql.ref(column)} AS value, count(*)::int AS count FROM patents
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`);
    },

    async enrichment(): Promise<{ enriched: number; total: number }> {
      const [row] = await rows(sql<{ enriched: number; total: number }>`
        SELECT count(*) FILTER (WHERE ai_generated_at IS NOT NULL)::int AS enriched, count(*)::int AS total
        FROM patents`);
      return row ?? { enriched: 0, total: 0 };
    },

    async lastIndexRun() {
      const [row] = await rows(sql<IndexRunRow>`
        SELECT id::text AS id, query, status, started_at, finished_at, read, inserted, updated, skipped, error
        FROM index_runs ORDER BY started_at DESC, id DESC LIMIT 1`);
      return row;
    },

    /** A landscape's aggregates over the given patents, in one statement. */
    async landscape(lensIds: string[], most: number) {
      const [row] = await rows(sql<{
        by_year: Counted[] | null;
        owners: Counted[] | null;
        ipc: Counted[] | null;
        countries: Counted[] | null;
      }>`
        WITH m AS MATERIALIZED (
          SELECT year_published, jurisdiction, list_items(owners) AS owners, list_items(applicants) AS applicants,
                 list_items(ipc_symbols) AS ipc_symbols
          FROM patents WHERE lens_id = ANY(${lensIds}::text[]))
        SELECT
          (SELECT json_agg(json_build_object('value', y::text, 'count', n) ORDER BY y)
             FROM (SELECT year_published AS y, count(*)::int AS n FROM m GROUP BY 1) t) AS by_year,
          (SELECT json_agg(json_build_object('value', o, 'count', n) ORDER BY n DESC, o)
             FROM (SELECT o, count(*)::int AS n
                   FROM m CROSS JOIN LATERAL (
                     SELECT DISTINCT unnest(CASE WHEN cardinality(m.owners) > 0 THEN m.owners ELSE m.applicants END) AS o) x
                   GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${most}) t) AS owners,
          (SELECT json_agg(json_build_object('value', c, 'count', n) ORDER BY n DESC, c)
             FROM (SELECT c, count(*)::int AS n
                   FROM m CROSS JOIN LATERAL (SELECT DISTINCT left(s, 4) AS c FROM unnest(m.ipc_symbols) s) x
                   GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${most}) t) AS ipc,
          (SELECT json_agg(json_build_object('value', jurisdiction, 'count', n) ORDER BY n DESC, jurisdiction)
             FROM (SELECT jurisdiction, count(*)::int AS n FROM m GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${most}) t) AS countries`);
      return {
        byYear: row?.by_year ?? [],
        owners: row?.owners ?? [],
        ipc: row?.ipc ?? [],
        countries: row?.countries ?? [],
      };
    },
  };
}
