import { sql } from 'kysely';
import { selectOne, type Db } from '@patentscout/db';

export interface AnalystKeyRow {
  id: string;
  user_uid: string;
  email: string;
  label: string;
  created_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** The analysts' API keys (stored as hashes) and the analyst flag of accounts. */
export interface AnalystKeysRepo {
  /**
   * The key with this hash, when it is live and its owner is an open analyst account; marks it
   * used. One statement: a revoked key or a withdrawn flag stops the very next call.
   */
  useKey(keyHash: string): Promise<
    | {
        id: string;
        userUid: string;
      }
    | undefined
  >;
  /** True for an open account with the analyst flag. */
  isAnalyst(uid: string): Promise<boolean>;
  findAccountByEmail(email: string): Promise<
    | {
        uid: string;
        email: string;
      }
    | undefined
  >;
  /** Grants the analyst flag and stores a new key's hash, together. */
  grantAndCreate(uid: string, keyHash: string, label: string): Promise<AnalystKeyRow>;
  /** Revokes live keys by id or by owner; answers the keys it revoked. */
  revoke(
    where:
      | {
          id: string;
        }
      | {
          uid: string;
        },
  ): Promise<string[]>;
  /** Every key, newest first, with its owner's e-mail address (for the admin's list). */
  list(): Promise<AnalystKeyRow[]>;
}

/**
 * Analysts' API keys (only their SHA-256 hashes) and the account's `analyst` flag: that column of
 * `users` is this feature's (ADR 0108), the only one outside accounts' own that another feature
 * writes.
 */
export function createAnalystKeysRepo(db: Db): AnalystKeysRepo {
  return {
    /**
     * The key with this hash, when it is live and its owner is an open analyst account; marks it
     * used. One statement: a revoked key or a withdrawn flag stops the very next call.
     */
    async useKey(keyHash: string): Promise<{ id: string; userUid: string } | undefined> {
      const { rows } = await sql<{ id: string; user_uid: string }>`
        UPDATE analyst_keys k SET last_used_at = now()
        FROM users u
        WHERE k.key_hash = ${keyHash} AND k.revoked_at IS NULL
          AND u.uid = k.user_uid AND u.analyst AND u.deleted_at IS NULL
        RETURNING k.id::text AS id, k.user_uid`.execute(db);
      const row = rows[0];
      return row ? { id: row.id, userUid: row.user_uid } : undefined;
    },

    /** True for an open account with the analyst flag. */
    async isAnalyst(uid: string): Promise<boolean> {
      const row = await selectOne(db, 'users', ['analyst', 'deleted_at'], { uid });
      return row?.deleted_at === null && row.analyst === true;
    },

    async findAccountByEmail(email: string): Promise<{ uid: string; email: string } | undefined> {
      return db
        .selectFrom('users')
        .select(['uid', 'email'])
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** Grants the analyst flag and stores a new key's hash, together. */
    async grantAndCreate(uid: string, keyHash: string, label: string): Promise<AnalystKeyRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ analyst: true, updated_at: sql`now()` })
          .where('uid', '=', uid)
          .execute();
        const key = await trx
          .insertInto('analyst_keys')
          .values({ user_uid: uid, key_hash: keyHash, label })
          .returning(['id'])
          .executeTakeFirstOrThrow();
        const rows = await listQuery(trx).where('k.id', '=', key.id).execute();
        return rows[0]!;
      });
    },

    /** Revokes live keys by id or by owner; answers the keys it revoked. */
    async revoke(where: { id: string } | { uid: string }): Promise<string[]> {
      const rows = await db
        .updateTable('analyst_keys')
        .set({ revoked_at: new Date() })
        .where('revoked_at', 'is', null)
        .where('id' in where ? 'id' : 'user_uid', '=', 'id' in where ? where.id : where.uid)
        .returning('id')
        .execute();
      return rows.map((row) => String(row.id));
    },

    /** Every key, newest first, with its owner's e-mail address (for the admin's list). */
    list(): Promise<AnalystKeyRow[]> {
      return listQuery(db).orderBy('k.created_at', 'desc').orderBy('k.id', 'desc').execute();
    },
  };
}

function listQuery(executor: Db) {
  return executor
    .selectFrom('analyst_keys as k')
    .innerJoin('users as u', 'u.uid', 'k.user_uid')
    .select([
      sql<string>`k.id::text`.as('id'),
      'k.user_uid',
      'u.email',
      'k.label',
      'k.created_at',
      'k.revoked_at',
      'k.last_used_at',
    ]);
}
