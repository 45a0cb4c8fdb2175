import { sql } from 'kysely';
import { selectOne, type Db, type UserRow } from '@patentscout/db';

const UNIQUE_VIOLATION = '23505';

/** The accounts' SQL: one row per Firebase uid, closed and purged in two steps. */
export interface AccountsRepo {
  findByUid(uid: string): Promise<UserRow | undefined>;
  /**
   * Creates the account, or refreshes e-mail and name when the uid already has one. Answers
   * null when another live account already holds the e-mail address.
   */
  upsert(user: { uid: string; email: string; name: string }): Promise<UserRow | null>;
  /** Changes name and e-mail of a live account; null when another live account has the e-mail. */
  updateProfile(
    uid: string,
    changes: {
      name?: string;
      email?: string;
    },
  ): Promise<UserRow | null>;
  /** Closes the account at once; its rows stay until the purge. False when it was not live. */
  markDeleted(uid: string, at: Date): Promise<boolean>;
  isDeleted(uid: string): Promise<boolean>;
  /** Accounts closed before `before` (the purge's). */
  closedBefore(before: Date): Promise<string[]>;
  /**
   * Removes closed accounts' rows; what other features keep with a key to `users` (favourites,
   * followed searches, one-shot requests) goes with them by their keys' cascade.
   */
  deleteAccounts(uids: readonly string[]): Promise<number>;
}

export function createAccountsRepo(db: Db): AccountsRepo {
  return {
    findByUid(uid: string): Promise<UserRow | undefined> {
      return db
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Creates the account, or refreshes e-mail and name when the uid already has one. Answers
     * null when another live account already holds the e-mail address.
     */
    async upsert(user: { uid: string; email: string; name: string }): Promise<UserRow | null> {
      try {
        return await db
          .insertInto('users')
          .values(user)
          .onConflict((oc) =>
            oc
              .column('uid')
              .doUpdateSet({ email: user.email, name: user.name, updated_at: new Date(), deleted_at: null }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
        throw error;
      }
    },

    /** Changes name and e-mail of a live account; null when another live account has the e-mail. */
    async updateProfile(uid: string, changes: { name?: string; email?: string }): Promise<UserRow | null> {
      try {
        return (
          (await db
            .updateTable('users')
            .set({ ...changes, updated_at: sql`now()` })
            .where('uid', '=', uid)
            .where('deleted_at', 'is', null)
            .returningAll()
            .executeTakeFirst()) ?? null
        );
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return null;
        throw error;
      }
    },

    /** Closes the account at once; its rows stay until the purge. False when it was not live. */
    async markDeleted(uid: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ deleted_at: at })
        .where('uid', '=', uid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async isDeleted(uid: string): Promise<boolean> {
      const row = await selectOne(db, 'users', ['deleted_at'], { uid });
      return row !== undefined && row.deleted_at !== null;
    },

    /** Accounts closed before `before` (the purge's). */
    async closedBefore(before: Date): Promise<string[]> {
      const rows = await db.selectFrom('users').select('uid').where('deleted_at', '<', before).execute();
      return rows.map((row) => row.uid);
    },

    /**
     * Removes closed accounts' rows; what other features keep with a key to `users` (favourites,
     * followed searches, one-shot requests) goes with them by their keys' cascade.
     */
    async deleteAccounts(uids: readonly string[]): Promise<number> {
      const result = await db
        .deleteFrom('users')
        .where('uid', 'in', [...uids])
        .where('deleted_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
