import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Db } from '../../db/client.js';
import type { Database } from '../../db/tables.js';

/** What the allowance records: a search of either kind, or a one-shot credit. */
export type UseKind = 'ai' | 'boolean' | 'oneshot';

/** A reservation of one use: `id` null for a free repeat, which reserves nothing. */
export interface Reservation {
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

/**
 * The allowance's ledger (`search_events`): every counted use, with the request that used it
 * (Previous Searches runs it again). The monthly count is its rows since the month began.
 */
export function createAllowanceRepo(db: Db) {
  return {
    /** The user's uses since `since`, counted up to `atMost` when given. */
    countSince: (uid: string, since: Date, atMost?: number): Promise<number> =>
      countIn(db, uid, since, atMost),

    /** The user's latest AI and advanced searches, newest first. */
    recentSearches(uid: string, limit: number) {
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
     * Reserves one use of the user's allowance, atomically: under a per-user lock (so concurrent
     * requests, aliases and batches of one user queue here), a repeat of a search run since
     * `repeatSince` is free, and otherwise the use is recorded unless `refuse(used)` says the
     * uses this month are too many. Answers the reservation, or null if refused.
     */
    async reserve(
      use: { uid: string; kind: UseKind; query: string; request?: unknown; searchKey?: string },
      window: { monthStart: Date; repeatSince: Date; countAtMost: number },
      /** Synchronous on purpose: nothing may wait for another connection while the lock is held. */
      refuse: (usedThisMonth: number) => boolean,
    ): Promise<Reservation | null> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`search-allowance:${use.uid}`}, 0))`.execute(
          trx,
        );
        if (use.searchKey) {
          const repeat = await trx
            .selectFrom('search_events')
            .select('id')
            .where('user_uid', '=', use.uid)
            .where('search_key', '=', use.searchKey)
            .where(sql<SqlBool>`created_at >= ${window.repeatSince}`)
            .limit(1)
            .executeTakeFirst();
          if (repeat) return { id: null };
        }
        const used = await countIn(trx, use.uid, window.monthStart, window.countAtMost);
        if (refuse(used)) return null;
        const request = use.request === undefined ? null : JSON.stringify(use.request);
        const { id } = await trx
          .insertInto('search_events')
          .values({
            user_uid: use.uid,
            kind: use.kind,
            query: use.query,
            result_count: 0,
            request,
            search_key: use.searchKey ?? null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: String(id) };
      });
    },

    /** A reserved search ran: keeps its result count, and answers the uses since `since`. */
    async complete(reservation: Reservation, resultCount: number, uid: string, since: Date) {
      if (reservation.id === null) return countIn(db, uid, since);
      const { rows } = await sql<{ count: number }>`
        WITH completed AS (
          UPDATE search_events SET result_count = ${resultCount} WHERE id = ${reservation.id}
        )
        SELECT count(*)::int AS count FROM search_events
        WHERE user_uid = ${uid} AND created_at >= ${since}`.execute(db);
      return rows[0]!.count;
    },

    /** A reserved use failed: its credit goes back. */
    async release(reservation: Reservation): Promise<void> {
      if (reservation.id === null) return;
      await db.deleteFrom('search_events').where('id', '=', reservation.id).execute();
    },

    /** The purge of closed accounts: their ledger goes (it has no key to `users`). */
    async purge(uids: readonly string[]): Promise<void> {
      await db
        .deleteFrom('search_events')
        .where('user_uid', 'in', [...uids])
        .execute();
    },
  };
}

export type AllowanceRepo = ReturnType<typeof createAllowanceRepo>;
