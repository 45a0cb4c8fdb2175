import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import type { SearchKind } from './search.types.js';

/** The search feature's own records: who searched, what and when (the monthly allowance counts them). */
export function createSearchRepo(db: Db) {
  return {
    /** The user's searches since `since`, counted up to `atMost` when given. */
    async countSince(uid: string, since: Date, atMost?: number): Promise<number> {
      const events = db
        .selectFrom('search_events')
        .select(sql`1`.as('one'))
        .where('user_uid', '=', uid)
        .where(sql<SqlBool>`created_at >= ${since}`);
      const counted = atMost === undefined ? events : events.limit(atMost);
      const row = await db
        .selectFrom(counted.as('events'))
        .select(sql<number>`count(*)::int`.as('count'))
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /** Whether the user ran the search with this key since `since`. */
    async searchedSince(uid: string, searchKey: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('search_events')
        .select('id')
        .where('user_uid', '=', uid)
        .where('search_key', '=', searchKey)
        .where(sql<SqlBool>`created_at >= ${since}`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

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

    /** Records a search and answers the user's searches since `since`, this one included. */
    async recordSearch(
      event: {
        uid: string;
        kind: SearchKind | 'oneshot';
        query: string;
        resultCount: number;
        request?: unknown;
        searchKey?: string;
      },
      since: Date,
    ): Promise<number> {
      // One round trip; the count's snapshot does not see the row inserted beside it, hence + 1.
      const request = event.request === undefined ? null : JSON.stringify(event.request);
      const { rows } = await sql<{ count: number }>`
        WITH recorded AS (
          INSERT INTO search_events (user_uid, kind, query, result_count, request, search_key)
          VALUES (${event.uid}, ${event.kind}, ${event.query}, ${event.resultCount}, ${request}::jsonb, ${event.searchKey ?? null})
        )
        SELECT count(*)::int + 1 AS count FROM search_events
        WHERE user_uid = ${event.uid} AND created_at >= ${since}`.execute(db);
      return rows[0]!.count;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
