import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/tables.js';

const UNIQUE_VIOLATION = '23505';

export function createAccountsRepo(db: Db) {
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
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
