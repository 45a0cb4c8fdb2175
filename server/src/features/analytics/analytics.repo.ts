import { insertRows, selectOne, type Db } from '@patentscout/db';
import type { PageViewRecord } from '../../shared/page-views.js';

/** The page views' SQL. */
export interface AnalyticsRepo {
  insertPageViews(views: PageViewRecord[]): Promise<void>;
  /** Whether an account row exists and is open (views of closed accounts stay anonymous). */
  isOpenAccount(uid: string): Promise<boolean>;
}

export function createAnalyticsRepo(db: Db): AnalyticsRepo {
  return {
    insertPageViews(views: PageViewRecord[]): Promise<void> {
      return insertRows(
        db,
        'page_views',
        views.map((view) => ({
          path: view.path,
          referrer: view.referrer,
          user_uid: view.userUid,
          session_id: view.sessionId,
          viewed_at: view.viewedAt,
        })),
      );
    },

    /** Whether an account row exists and is open (views of closed accounts stay anonymous). */
    async isOpenAccount(uid: string): Promise<boolean> {
      const row = await selectOne(db, 'users', ['deleted_at'], { uid });
      return row !== undefined && row.deleted_at === null;
    },
  };
}
