import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { type PatentChangesTable, type Db } from '@patentscout/db';

/** Someone who gets a collection's weekly e-mail: its owner, or an editor who opted in. */
export interface WatcherRow {
  collection_id: string;
  collection_name: string;
  watch_cursor: number;
  uid: string;
  email: string;
  name: string;
}

export interface CollectionChangeRow {
  id: number;
  lens_id: string;
  kind: PatentChangesTable['kind'];
  detail: string;
  /** The member the change concerns (for a new family member: a member of that family). */
  member_lens_id: string;
  member_doc_key: string;
  member_title: string;
}

/** The weekly e-mail of changes in watched collections: its watchers, change log and cursors. */
export interface CollectionWatchRepo {
  /** The newest change logged so far: a run covers the changes up to it. */
  lastChangeId(): Promise<number>;
  watchers(): Promise<WatcherRow[]>;
  /** What changed in a collection's members after `after`, up to `upTo`, each change once. */
  changesOf(collectionId: string, after: number, upTo: number): Promise<CollectionChangeRow[]>;
  /** Every collection's e-mail now covers the changes up to `upTo` (whoever watches it later). */
  advanceCursors(upTo: number): Promise<void>;
  /** The change log's entries every collection's e-mail has covered are not needed any more. */
  pruneChanges(upTo: number): Promise<void>;
  /** Stops one collection's e-mail for the user (`null`: every collection's). */
  stopWatching(collectionId: string | null, uid: string): Promise<number>;
  /**
   * The unsubscribe links' signing key: the weekly updates' own (`app_secrets.unsubscribe`), made
   * once and kept; the two kinds of token cannot be mistaken for each other (ADR 0147).
   */
  unsubscribeSecret(): Promise<string>;
}

export function createCollectionWatchRepo(db: Db): CollectionWatchRepo {
  return {
    /** The newest change logged so far: a run covers the changes up to it. */
    async lastChangeId(): Promise<number> {
      const result = await sql<{
        id: number;
      }>`SELECT coalesce(max(id), 0)::bigint AS id FROM patent_changes`.execute(db);
      return Number(result.rows[0]?.id ?? 0);
    },

    async watchers(): Promise<WatcherRow[]> {
      const result = await sql<WatcherRow>`
        SELECT c.id AS collection_id, c.name AS collection_name, c.watch_cursor, u.uid, u.email, u.name
        FROM collections c JOIN users u ON u.uid = c.owner_uid
        WHERE c.watched AND u.deleted_at IS NULL
        UNION ALL
        SELECT c.id, c.name, c.watch_cursor, u.uid, u.email, u.name
        FROM collection_shares s
        JOIN collections c ON c.id = s.collection_id
        JOIN users u ON u.uid = s.user_uid
        WHERE s.watch AND s.role = 'editor' AND u.deleted_at IS NULL
        ORDER BY uid, collection_name`.execute(db);
      return result.rows.map((row) => ({ ...row, watch_cursor: Number(row.watch_cursor) }));
    },

    /** What changed in a collection's members after `after`, up to `upTo`, each change once. */
    async changesOf(collectionId: string, after: number, upTo: number): Promise<CollectionChangeRow[]> {
      const result = await sql<CollectionChangeRow>`
        SELECT DISTINCT ON (ch.id) ch.id, ch.lens_id, ch.kind, ch.detail,
               m.lens_id AS member_lens_id, m.doc_key AS member_doc_key, m.patent_title AS member_title
        FROM patent_changes ch
        JOIN collection_members m ON m.collection_id = ${collectionId}
          AND (m.lens_id = ch.lens_id OR (ch.kind = 'family_member' AND m.family_id = ch.family_id))
        WHERE ch.id > ${after} AND ch.id <= ${upTo}
        ORDER BY ch.id, m.lens_id`.execute(db);
      return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
    },

    /** Every collection's e-mail now covers the changes up to `upTo` (whoever watches it later). */
    async advanceCursors(upTo: number): Promise<void> {
      await db
        .updateTable('collections')
        .set({ watch_cursor: upTo })
        .where('watch_cursor', '<', upTo)
        .execute();
    },

    /** The change log's entries every collection's e-mail has covered are not needed any more. */
    async pruneChanges(upTo: number): Promise<void> {
      await sql`
        DELETE FROM patent_changes
        WHERE id <= ${upTo} AND id <= (SELECT coalesce(min(watch_cursor), 0) FROM collections)`.execute(db);
    },

    /** Stops one collection's e-mail for the user (`null`: every collection's). */
    async stopWatching(collectionId: string | null, uid: string): Promise<number> {
      const owned = await db
        .updateTable('collections')
        .set({ watched: false })
        .$if(collectionId !== null, (query) => query.where('id', '=', collectionId!))
        .where('owner_uid', '=', uid)
        .where('watched', '=', true)
        .executeTakeFirst();
      const shared = await db
        .updateTable('collection_shares')
        .set({ watch: false })
        .$if(collectionId !== null, (query) => query.where('collection_id', '=', collectionId!))
        .where('user_uid', '=', uid)
        .where('watch', '=', true)
        .executeTakeFirst();
      return Number(owned.numUpdatedRows + shared.numUpdatedRows);
    },

    /**
     * The unsubscribe links' signing key: the weekly updates' own (`app_secrets.unsubscribe`), made
     * once and kept; the two kinds of token cannot be mistaken for each other (ADR 0147).
     */
    async unsubscribeSecret(): Promise<string> {
      await db
        .insertInto('app_secrets')
        .values({ name: 'unsubscribe', value: randomBytes(32).toString('base64url') })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', 'unsubscribe')
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
