import { deleteMatching, type Db, type FavouriteRow } from '@patentscout/db';

/** The favourites' SQL: one row per user and patent. */
export interface FavouritesRepo {
  listByUser(uid: string): Promise<FavouriteRow[]>;
  /** Saving a patent twice keeps one favourite (and refreshes its title). */
  upsert(favourite: {
    user_uid: string;
    lens_id: string;
    doc_key: string;
    patent_title: string;
  }): Promise<FavouriteRow>;
  deleteOwned(uid: string, id: string): Promise<boolean>;
}

export function createFavouritesRepo(db: Db): FavouritesRepo {
  return {
    listByUser(uid: string): Promise<FavouriteRow[]> {
      return db
        .selectFrom('favourites')
        .selectAll()
        .where('user_uid', '=', uid)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /** Saving a patent twice keeps one favourite (and refreshes its title). */
    upsert(favourite: {
      user_uid: string;
      lens_id: string;
      doc_key: string;
      patent_title: string;
    }): Promise<FavouriteRow> {
      return db
        .insertInto('favourites')
        .values(favourite)
        .onConflict((oc) =>
          oc
            .columns(['user_uid', 'lens_id'])
            .doUpdateSet({ patent_title: favourite.patent_title, doc_key: favourite.doc_key }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    deleteOwned(uid: string, id: string): Promise<boolean> {
      return deleteMatching(db, 'favourites', { id, user_uid: uid });
    },
  };
}
