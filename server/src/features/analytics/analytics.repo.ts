import type { Db } from '@patentscout/db';
import type { PageViewRecord } from '../../shared/page-views.js';

/** The page views' SQL. */
export interface AnalyticsRepo {
  insertPageViews(views: PageViewRecord[]): Promise<void>;
  /** Whether an account row exists and is open (views of closed accounts stay anonymous). */
  isOpenAccount(uid: string): Promise<boolean>;
}

export function createAnalyticsRepo(db: Db): AnalyticsRepo {
  return {
    async insertPageViews(views: PageViewRecord[]): Promise<void> {
      if (views.length === 0) return;
      await db
        .insertInto('page_views')
        .values(
          views.map((view) => ({
            path: view.path,
            referrer: view.referrer,
            user_uid: view.userUid,
            session_id: view.sessionId,
            viewed_at: view.viewedAt,
          })),
        )
        .execute();
    },

    /** Whether an account row exists and is open (views of closed accounts stay anonymous). */
    async isOpenAccount(uid: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('uid')
        .where('uid', '=', uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
