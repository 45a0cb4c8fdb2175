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

    /** Records a search and answers the user's searches since `since`, this one included. */
    async recordSearch(
      event: { uid: string; kind: SearchKind; query: string; resultCount: number },
      since: Date,
    ): Promise<number> {
      // One round trip; the count's snapshot does not see the row inserted beside it, hence + 1.
      const { rows } = await sql<{ count: number }>`
        WITH recorded AS (
          INSERT INTO search_events (user_uid, kind, query, result_count)
          VALUES (${event.uid}, ${event.kind}, ${event.query}, ${event.resultCount})
        )
        SELECT count(*)::int + 1 AS count FROM search_events
        WHERE user_uid = ${event.uid} AND created_at >= ${since}`.execute(db);
      return rows[0]!.count;
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
