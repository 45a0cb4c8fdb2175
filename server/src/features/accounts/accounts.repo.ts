import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/tables.js';

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

    async insert(user: { uid: string; email: string; name: string }): Promise<UserRow> {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    /** Creates the account, or refreshes e-mail and name when the uid already has one. */
    async upsert(user: { uid: string; email: string; name: string }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values(user)
        .onConflict((oc) =>
          oc.column('uid').doUpdateSet({ email: user.email, name: user.name, updated_at: new Date(), deleted_at: null }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}

export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
