import { sql } from 'kysely';
import type { Db } from '@patentscout/db';

/** The rate limits' counting windows, kept in the database. */
export interface RateLimitsRepo {
  /** Counts one hit of `key` in its current window (a new window once the last one ended). */
  hit(
    key: string,
    windowMs: number,
  ): Promise<{
    count: number;
    ttlMs: number;
  }>;
  /** Forgets the windows that ended. */
  deleteEnded(): Promise<void>;
}

export function createRateLimitsRepo(db: Db): RateLimitsRepo {
  return {
    /** Counts one hit of `key` in its current window (a new window once the last one ended). */
    async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
      const { rows } = await sql<{ count: number; ttl_ms: number }>`
        INSERT INTO rate_limit_hits AS hits (key, count, window_ends_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN hits.window_ends_at <= now() THEN 1 ELSE hits.count + 1 END,
          window_ends_at = CASE WHEN hits.window_ends_at <= now() THEN excluded.window_ends_at
                                ELSE hits.window_ends_at END
        RETURNING count, greatest(0, ceil(extract(epoch FROM window_ends_at - now()) * 1000))::int AS ttl_ms`.execute(
        db,
      );
      return { count: rows[0]!.count, ttlMs: rows[0]!.ttl_ms };
    },

    /** Forgets the windows that ended. */
    async deleteEnded(): Promise<void> {
      await db
        .deleteFrom('rate_limit_hits')
        .where('window_ends_at', '<=', sql<Date>`now()`)
        .execute();
    },
  };
}
