import { sql } from 'kysely';
import { deleteMatching, type CollectionShareRow, type Db } from '@patentscout/db';
import type { CollectionShare } from './collections.model.js';

/** A collection's invitations and the accounts that accepted them. */
export interface CollectionSharesRepo {
  listFor(collectionId: string): Promise<CollectionShare[]>;
  /** Invites an address, or changes the role of one invited before (keeping its link). */
  upsert(
    share: Pick<CollectionShareRow, 'collection_id' | 'email' | 'role' | 'invite_token'>,
  ): Promise<CollectionShareRow>;
  remove(collectionId: string, email: string): Promise<boolean>;
  findByToken(token: string): Promise<
    | {
        email: string;
        user_uid: string | null;
        collection_id: string;
      }
    | undefined
  >;
  accept(token: string, uid: string): Promise<void>;
  /**
   * An account's end: its collections go (and with them their links and invitations), and it
   * leaves the collections others shared with it.
   */
  removeAccounts(uids: readonly string[]): Promise<void>;
}

export function createCollectionSharesRepo(db: Db): CollectionSharesRepo {
  return {
    async listFor(collectionId: string): Promise<CollectionShare[]> {
      const rows = await db
        .selectFrom('collection_shares')
        .select(['email', 'role', 'user_uid'])
        .where('collection_id', '=', collectionId)
        .orderBy('invited_at')
        .execute();
      return rows.map((row) => ({ email: row.email, role: row.role, accepted: row.user_uid !== null }));
    },

    /** Invites an address, or changes the role of one invited before (keeping its link). */
    upsert(share: Pick<CollectionShareRow, 'collection_id' | 'email' | 'role' | 'invite_token'>) {
      return db
        .insertInto('collection_shares')
        .values(share)
        .onConflict((oc) => oc.columns(['collection_id', 'email']).doUpdateSet({ role: share.role }))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    remove(collectionId: string, email: string): Promise<boolean> {
      return deleteMatching(db, 'collection_shares', { collection_id: collectionId, email });
    },

    findByToken(token: string) {
      return db
        .selectFrom('collection_shares')
        .select(['collection_id', 'email', 'user_uid'])
        .where('invite_token', '=', token)
        .executeTakeFirst();
    },

    async accept(token: string, uid: string): Promise<void> {
      await db
        .updateTable('collection_shares')
        .set({ user_uid: uid, accepted_at: sql`coalesce(accepted_at, now())` })
        .where('invite_token', '=', token)
        .execute();
    },

    /**
     * An account's end: its collections go (and with them their links and invitations), and it
     * leaves the collections others shared with it.
     */
    async removeAccounts(uids: readonly string[]): Promise<void> {
      if (uids.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('collection_shares').where('user_uid', 'in', uids).execute();
        await trx.deleteFrom('collections').where('owner_uid', 'in', uids).execute();
      });
    },
  };
}
