import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/tables.js';
import type { SearchKind } from './search.types.js';

/** A reservation of one search: `id` null for a free repeat, which reserves nothing. */
export interface SearchReservation {
  id: string | null;
}

async function countIn(
  executor: Kysely<Database>,
  uid: string,
  since: Date,
  atMost?: number,
): Promise<number> {
  const events = executor
    .selectFrom('search_events')
    .select(sql`1`.as('one'))
    .where('user_uid', '=', uid)
    .where(sql<SqlBool>`created_at >= ${since}`);
  const counted = atMost === undefined ? events : events.limit(atMost);
  const row = await executor
    .selectFrom(counted.as('events'))
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Marks the start and the end of a matched word in a highlighted passage (never in HTML text). */
export const MATCH_START = '\u0001';
export const MATCH_END = '\u0002';
/** How much of a patent's claims a highlight reads (the claims can run to hundreds of kilobytes). */
const CLAIMS_READ = 20_000;
const MARKERS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
const WHOLE_OPTIONS = `${MARKERS}, HighlightAll=true`;
const FRAGMENT_OPTIONS = `${MARKERS}, MaxFragments=2, MaxWords=20, MinWords=8, FragmentDelimiter=" … "`;

/**
 * The search feature's own records: who searched, what and when (the monthly allowance counts
 * them), on the primary; and the highlights, read from `reads` (a replica when one serves).
 */
export function createSearchRepo(db: Db, reads: Db = db) {
  return {
    /** The user's searches since `since`, counted up to `atMost` when given. */
    countSince: (uid: string, since: Date, atMost?: number): Promise<number> =>
      countIn(db, uid, since, atMost),

    /** The user's latest searches, newest first. */
    recent(uid: string, limit: number) {
      return db
        .selectFrom('search_events')
        .select(['id', 'kind', 'query', 'request', 'result_count', 'created_at'])
        .where('user_uid', '=', uid)
        .where('kind', 'in', ['ai', 'boolean'])
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * Reserves one search of the user's allowance, atomically: under a per-user lock (so
     * concurrent requests, aliases and batches of one user queue here), a repeat of a search run
     * since `repeatSince` is free, and otherwise the search is recorded unless `refuse(used)`
     * says the searches used this month are too many. Answers the reservation, or null if refused.
     */
    async reserveSearch(
      event: {
        uid: string;
        kind: SearchKind | 'oneshot';
        query: string;
        request?: unknown;
        searchKey?: string;
      },
      window: { monthStart: Date; repeatSince: Date; countAtMost: number },
      /** Synchronous on purpose: nothing may wait for another connection while the lock is held. */
      refuse: (usedThisMonth: number) => boolean,
    ): Promise<SearchReservation | null> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`search-allowance:${event.uid}`}, 0))`.execute(
          trx,
        );
        if (event.searchKey) {
          const repeat = await trx
            .selectFrom('search_events')
            .select('id')
            .where('user_uid', '=', event.uid)
            .where('search_key', '=', event.searchKey)
            .where(sql<SqlBool>`created_at >= ${window.repeatSince}`)
            .limit(1)
            .executeTakeFirst();
          if (repeat) return { id: null };
        }
        const used = await countIn(trx, event.uid, window.monthStart, window.countAtMost);
        if (refuse(used)) return null;
        const request = event.request === undefined ? null : JSON.stringify(event.request);
        const { id } = await trx
          .insertInto('search_events')
          .values({
            user_uid: event.uid,
            kind: event.kind,
            query: event.query,
            result_count: 0,
            request,
            search_key: event.searchKey ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: String(id) };
      });
    },

    /** A reserved search ran: keeps its result count, and answers the searches since `since`. */
    async completeSearch(reservation: SearchReservation, resultCount: number, uid: string, since: Date) {
      if (reservation.id === null) return countIn(db, uid, since);
      const { rows } = await sql<{ count: number }>`
        WITH completed AS (
          UPDATE search_events SET result_count = ${resultCount} WHERE id = ${reservation.id}
        )
        SELECT count(*)::int AS count FROM search_events
        WHERE user_uid = ${uid} AND created_at >= ${since}`.execute(db);
      return rows[0]!.count;
    },

    /** A reserved search failed: its credit goes back. */
    async releaseSearch(reservation: SearchReservation): Promise<void> {
      if (reservation.id === null) return;
      await db.deleteFrom('search_events').where('id', '=', reservation.id).execute();
    },

    /**
     * The passages of the patents' title, abstract and claims that contain a word of `tsquery`
     * (any of its lexemes), with each word between `MATCH_START` and `MATCH_END`: the title whole,
     * the abstract and claims as up to two short fragments. A field without a match is null. Only
     * for a page of results: `ts_headline` re-parses the text it marks.
     */
    async highlights(lensIds: readonly string[], tsquery: string) {
      const { rows } = await sql<{
        lens_id: string;
        title: string | null;
        abstract: string | null;
        claims: string | null;
      }>`
        WITH q AS (SELECT ${tsquery}::tsquery AS query),
        p AS (
          SELECT lens_id, title, abstract, left(claims, ${CLAIMS_READ}) AS claims
          FROM patents WHERE lens_id = ANY(${[...lensIds]}::text[])
        )
        SELECT p.lens_id,
          CASE WHEN to_tsvector('english', p.title) @@ q.query
            THEN ts_headline('english', p.title, q.query, ${WHOLE_OPTIONS}) END AS title,
          CASE WHEN to_tsvector('english', p.abstract) @@ q.query
            THEN ts_headline('english', p.abstract, q.query, ${FRAGMENT_OPTIONS}) END AS abstract,
          CASE WHEN to_tsvector('english', p.claims) @@ q.query
            THEN ts_headline('english', p.claims, q.query, ${FRAGMENT_OPTIONS}) END AS claims
        FROM p CROSS JOIN q`.execute(reads);
      return rows;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
