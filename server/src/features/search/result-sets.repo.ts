import { sql, type SqlBool } from 'kysely';
import { insertRows, type Db } from '@patentscout/db';
import type { SearchKind } from './search.types.js';

/** A stored result set as the search service reads it back. */
export interface StoredResultSet {
  id: string;
  kind: SearchKind;
  request: unknown;
  lensIds: string[];
  total: number;
  families: number;
  estimated: boolean;
  explanation: unknown;
}

const COLUMNS = [
  'id',
  'kind',
  'request',
  'lens_ids',
  'total',
  'families',
  'estimated',
  'explanation',
] as const;

/** A set as a search keeps it: what it reads back, keyed by its owner and search rather than an id. */
export interface NewResultSet extends Omit<StoredResultSet, 'id'> {
  uid: string;
  searchKey: string;
}

/** A set's row as read: its columns, the ids under their column name. */
type StoredRow = Omit<StoredResultSet, 'lensIds'> & { lens_ids: string[] };

function toStored({ lens_ids: lensIds, ...rest }: StoredRow): StoredResultSet {
  return { ...rest, lensIds };
}

/** The kept answers of searches (result sets), by user and search. */
export interface ResultSetsRepo {
  /** Writes sets made by the search (their ids chosen by it), in one statement. */
  storeMany(
    sets: ReadonlyArray<
      NewResultSet & {
        id: string;
      }
    >,
  ): Promise<void>;
  /** The user's latest set of this search since `since`. */
  latest(uid: string, searchKey: string, since: Date): Promise<StoredResultSet | undefined>;
  /** A set kept since `since`, by its id (a UUID). */
  find(id: string, since: Date): Promise<StoredResultSet | undefined>;
  /** The set's exact counts, once counted. */
  settleCounts(
    id: string,
    counts: {
      total: number;
      families: number;
    },
  ): Promise<void>;
  /** Removes the sets created before `before`; answers how many. */
  purgeBefore(before: Date): Promise<number>;
  /** The purge of closed accounts: their kept answers go (they have no key to `users`). */
  purgeAccounts(uids: readonly string[]): Promise<void>;
}

/**
 * Result sets kept by id (migration 20261125T1010-result-sets), written on the primary. A set is
 * looked up by id on `reads` first (a replica when one serves), and on the primary when the
 * replica has not replayed it yet (ADR 0120).
 */
export function createResultSetsRepo(db: Db, reads: Db = db): ResultSetsRepo {
  const findIn = (executor: Db, id: string, since: Date) =>
    executor
      .selectFrom('search_result_sets')
      .select(COLUMNS)
      .where('id', '=', id)
      .where(sql<SqlBool>`created_at >= ${since}`)
      .executeTakeFirst();

  return {
    /** Writes sets made by the search (their ids chosen by it), in one statement. */
    storeMany(sets: ReadonlyArray<NewResultSet & { id: string }>): Promise<void> {
      return insertRows(
        db,
        'search_result_sets',
        sets.map((set) => ({
          id: set.id,
          user_uid: set.uid,
          search_key: set.searchKey,
          kind: set.kind,
          request: JSON.stringify(set.request),
          lens_ids: set.lensIds,
          total: set.total,
          families: set.families,
          estimated: set.estimated,
          explanation: set.explanation === null ? null : JSON.stringify(set.explanation),
        })),
      );
    },

    /** The user's latest set of this search since `since`. */
    async latest(uid: string, searchKey: string, since: Date): Promise<StoredResultSet | undefined> {
      const row = await db
        .selectFrom('search_result_sets')
        .select(COLUMNS)
        .where('user_uid', '=', uid)
        .where('search_key', '=', searchKey)
        .where(sql<SqlBool>`created_at >= ${since}`)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row && toStored(row);
    },

    /** A set kept since `since`, by its id (a UUID). */
    async find(id: string, since: Date): Promise<StoredResultSet | undefined> {
      const row =
        (await findIn(reads, id, since)) ?? (reads === db ? undefined : await findIn(db, id, since));
      return row && toStored(row);
    },

    /** The set's exact counts, once counted. */
    async settleCounts(id: string, counts: { total: number; families: number }): Promise<void> {
      await db
        .updateTable('search_result_sets')
        .set({ total: counts.total, families: counts.families, estimated: false })
        .where('id', '=', id)
        .execute();
    },

    /** Removes the sets created before `before`; answers how many. */
    async purgeBefore(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('search_result_sets')
        .where(sql<SqlBool>`created_at < ${before}`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The purge of closed accounts: their kept answers go (they have no key to `users`). */
    async purgeAccounts(uids: readonly string[]): Promise<void> {
      await db
        .deleteFrom('search_result_sets')
        .where('user_uid', 'in', [...uids])
        .execute();
    },
  };
}
