import { sql, type Kysely, type SqlBool } from 'kysely';
import { type Db, type Database } from '@patentscout/db';

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

/** A counted use as Previous Searches lists it. */
export interface RecentSearchRow {
  created_at: Date;
  kind: 'boolean' | 'ai' | 'oneshot';
  id: string;
  query: string;
  result_count: number;
  request: unknown;
}

/** The allowance's ledger of counted uses (`search_events`). */
export interface AllowanceRepo {
  /** The user's uses since `since`, counted up to `atMost` when given. */
  countSince: (uid: string, since: Date, atMost?: number) => Promise<number>;
  /** The user's latest AI and advanced searches, newest first. */
  recentSearches(uid: string, limit: number): Promise<RecentSearchRow[]>;
  /**
   * Reserves one use of the user's allowance, atomically: under a per-user lock (so concurrent
   * requests, aliases and batches of one user queue here), a repeat of a search run since
   * `repeatSince` is free, and otherwise the use is recorded unless the uses this month (counted
   * up to `countAtMost`) are more than `refuseAbove` (null: never refused). One round trip: the
   * lock, the reads and the insert are the function `reserve_search_use` (ADR 0127). Answers the
   * reservation, or null if refused.
   */
  reserve(
    use: {
      uid: string;
      kind: UseKind;
      query: string;
      request?: unknown;
      searchKey?: string;
    },
    window: {
      monthStart: Date;
      repeatSince: Date;
      countAtMost: number;
    },
    refuseAbove: number | null,
  ): Promise<Reservation | null>;
  /** Searches that ran: keeps their result counts, in one statement. */
  completeMany(
    completed: ReadonlyArray<{
      id: string;
      resultCount: number;
    }>,
  ): Promise<void>;
  /** A reserved use failed: its credit goes back. */
  release(reservation: Reservation): Promise<void>;
  /** The purge of closed accounts: their ledger goes (it has no key to `users`). */
  purge(uids: readonly string[]): Promise<void>;
}

/**
 * The allowance's ledger (`search_events`): every counted use, with the request that used it
 * (Previous Searches runs it again). The monthly count is its rows since the month began.
 */
export function createAllowanceRepo(db: Db): AllowanceRepo {
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
     * `repeatSince` is free, and otherwise the use is recorded unless the uses this month (counted
     * up to `countAtMost`) are more than `refuseAbove` (null: never refused). One round trip: the
     * lock, the reads and the insert are the function `reserve_search_use` (ADR 0127). Answers the
     * reservation, or null if refused.
     */
    async reserve(
      use: { uid: string; kind: UseKind; query: string; request?: unknown; searchKey?: string },
      window: { monthStart: Date; repeatSince: Date; countAtMost: number },
      refuseAbove: number | null,
    ): Promise<Reservation | null> {
      const request = use.request === undefined ? null : JSON.stringify(use.request);
      const { rows } = await sql<{ id: string | null; refused: boolean }>`
        SELECT id, refused FROM reserve_search_use(
          ${use.uid}, ${use.kind}, ${use.query}, ${request}::jsonb, ${use.searchKey ?? null},
          ${window.monthStart}, ${window.repeatSince}, ${window.countAtMost}, ${refuseAbove})`.execute(db);
      const { id, refused } = rows[0]!;
      if (refused) return null;
      return { id: id === null ? null : String(id) };
    },

    /** Searches that ran: keeps their result counts, in one statement. */
    async completeMany(completed: ReadonlyArray<{ id: string; resultCount: number }>): Promise<void> {
      if (completed.length === 0) return;
      await sql`
        UPDATE search_events AS e SET result_count = c.result_count
        FROM unnest(${completed.map((use) => use.id)}::bigint[], ${completed.map((use) => use.resultCount)}::int[])
          AS c(id, result_count)
        WHERE e.id = c.id`.execute(db);
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
