import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { deleteMatching, type Db, type Database, type SavedSearchesTable } from '@patentscout/db';

export interface NewSavedSearch {
  uid: string;
  kind: 'ai' | 'boolean';
  query: string;
  filters: unknown;
  /** The results page's query string, cleaned: the digest's and the account page's link. */
  address: string;
  searchKey: string;
}

/** A patent a digest lists: one that entered the index during the digest's week. */
export interface NewPatent {
  lens_id: string;
  title: string;
  ai_title: string | null;
  jurisdiction: string;
  date_published: string;
  patent_status: string;
  /** No member of its simple family was indexed before the week. */
  new_family: boolean;
}

/** A saved search as stored. */
export type SavedSearchRow = Selectable<SavedSearchesTable>;

/** A saved search due for this week's digest, with its owner's name and address. */
export interface DueSearchRow {
  kind: 'boolean' | 'ai';
  name: string;
  email: string;
  id: number;
  user_uid: string;
  query: string;
  filters: unknown;
  address: string;
}

/** The weekly updates' SQL: saved searches, their digests and the server's secrets. */
export interface UpdatesRepo {
  /** Saves a search unless the user saved the same one before; answers the saved row either way. */
  save(search: NewSavedSearch): Promise<SavedSearchRow>;
  listFor(uid: string): Promise<SavedSearchRow[]>;
  /** Gives a saved search another key, unless the user saved one with that key already. */
  rekey(id: number, searchKey: string): Promise<void>;
  remove(uid: string, id: number): Promise<boolean>;
  /** Saved searches whose owners have not had this week's digest, with their owners' addresses. */
  dueFor(sunday: string): Promise<DueSearchRow[]>;
  /** Marks a user's searches as done for the week; `sent` when the digest listed them. */
  markDigested(executor: Kysely<Database>, ids: number[], sunday: string, sentAt: Date | null): Promise<void>;
  /** Which of `lensIds` entered the index in `[start, end)`, in the order given. */
  indexedBetween(lensIds: string[], start: Date, end: Date): Promise<NewPatent[]>;
  /** A server secret kept in the database: made once, the same after every restart. */
  secret(name: string): Promise<string>;
}

export function createUpdatesRepo(db: Db): UpdatesRepo {
  return {
    /** Saves a search unless the user saved the same one before; answers the saved row either way. */
    async save(search: NewSavedSearch) {
      await db
        .insertInto('saved_searches')
        .values({
          user_uid: search.uid,
          kind: search.kind,
          query: search.query,
          filters: JSON.stringify(search.filters),
          address: search.address,
          search_key: search.searchKey,
        })
        .onConflict((conflict) => conflict.columns(['user_uid', 'search_key']).doNothing())
        .execute();
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('user_uid', '=', search.uid)
        .where('search_key', '=', search.searchKey)
        .executeTakeFirstOrThrow();
    },

    listFor(uid: string) {
      return db
        .selectFrom('saved_searches')
        .selectAll()
        .where('user_uid', '=', uid)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Gives a saved search another key, unless the user saved one with that key already. */
    async rekey(id: number, searchKey: string): Promise<void> {
      await db
        .updateTable('saved_searches as s')
        .set({ search_key: searchKey })
        .where('s.id', '=', id)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('saved_searches as o')
                .select('o.id')
                .whereRef('o.user_uid', '=', 's.user_uid')
                .where('o.search_key', '=', searchKey),
            ),
          ),
        )
        .execute();
    },

    remove(uid: string, id: number): Promise<boolean> {
      return deleteMatching(db, 'saved_searches', { user_uid: uid, id });
    },

    /** Saved searches whose owners have not had this week's digest, with their owners' addresses. */
    dueFor(sunday: string) {
      return db
        .selectFrom('saved_searches as s')
        .innerJoin('users as u', 'u.uid', 's.user_uid')
        .select(['s.id', 's.user_uid', 's.kind', 's.query', 's.filters', 's.address', 'u.email', 'u.name'])
        .where('u.deleted_at', 'is', null)
        .where((eb) => eb.or([eb('s.last_digest_week', 'is', null), eb('s.last_digest_week', '<', sunday)]))
        .orderBy('s.user_uid')
        .orderBy('s.created_at')
        .execute();
    },

    /** Marks a user's searches as done for the week; `sent` when the digest listed them. */
    async markDigested(
      executor: Kysely<Database>,
      ids: number[],
      sunday: string,
      sentAt: Date | null,
    ): Promise<void> {
      if (ids.length === 0) return;
      await executor
        .updateTable('saved_searches')
        .set({ last_digest_week: sunday, ...(sentAt ? { last_sent_at: sentAt } : {}) })
        .where('id', 'in', ids)
        .execute();
    },

    /** Which of `lensIds` entered the index in `[start, end)`, in the order given. */
    async indexedBetween(lensIds: string[], start: Date, end: Date): Promise<NewPatent[]> {
      if (lensIds.length === 0) return [];
      const { rows } = await sql<NewPatent & { position: number }>`
        SELECT p.lens_id, p.title, p.ai_title, p.jurisdiction, p.date_published, p.patent_status,
               given.position,
               p.family_id IS NULL OR NOT EXISTS (
                 SELECT 1 FROM patents f WHERE f.family_id = p.family_id AND f.indexed_at < ${start}
               ) AS new_family
        FROM unnest(${lensIds}::text[]) WITH ORDINALITY AS given(lens_id, position)
        JOIN patents p ON p.lens_id = given.lens_id
        WHERE p.indexed_at >= ${start} AND p.indexed_at < ${end}
        ORDER BY given.position`.execute(db);
      return rows.map(({ position: _position, ...patent }) => patent);
    },

    /** A server secret kept in the database: made once, the same after every restart. */
    async secret(name: string): Promise<string> {
      await db
        .insertInto('app_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('app_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
