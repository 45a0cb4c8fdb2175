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

    async recordSearch(event: { uid: string; kind: SearchKind; query: string; resultCount: number }) {
      await db
        .insertInto('search_events')
        .values({
          user_uid: event.uid,
          kind: event.kind,
          query: event.query,
          result_count: event.resultCount,
        })
        .execute();
    },
  };
}

export type SearchRepo = ReturnType<typeof createSearchRepo>;
