import { sql } from 'kysely';
import { deleteMatching, type CollectionMemberRow, type CollectionRow, type Db } from '@patentscout/db';
import type {
  VisibleCollectionRow,
  MemberWithPatentRow,
  CollectionsRepo,
  MemberToAdd,
} from './collections.contract.js';
export type {
  VisibleCollectionRow,
  MemberWithPatentRow,
  CollectionsRepo,
  MemberToAdd,
} from './collections.contract.js';

const sizeOf = sql<number>`(SELECT count(*)::int FROM collection_members m WHERE m.collection_id = c.id)`;

export function createCollectionsRepo(db: Db): CollectionsRepo {
  return {
    db,

    /** The user's own collections and those shared with them (accepted), last changed first. */
    async listVisible(uid: string, lensId: string | null): Promise<VisibleCollectionRow[]> {
      const contains = lensId
        ? sql<boolean>`EXISTS (SELECT 1 FROM collection_members m WHERE m.collection_id = c.id AND m.lens_id = ${lensId})`
        : sql<null>`NULL`;
      const result = await sql<VisibleCollectionRow>`
        SELECT c.*, 'owner' AS role, c.watched AS watching, ${sizeOf} AS size, ${contains} AS contains
        FROM collections c WHERE c.owner_uid = ${uid}
        UNION ALL
        SELECT c.*, s.role, s.watch AS watching, ${sizeOf} AS size, ${contains} AS contains
        FROM collections c JOIN collection_shares s ON s.collection_id = c.id
        WHERE s.user_uid = ${uid} AND c.owner_uid <> ${uid}
        ORDER BY updated_at DESC, name`.execute(db);
      return result.rows;
    },

    /** The collection and the user's role in it; undefined when the user may not see it. */
    async findVisible(id: string, uid: string): Promise<VisibleCollectionRow | undefined> {
      const result = await sql<VisibleCollectionRow>`
        SELECT c.*, CASE WHEN c.owner_uid = ${uid} THEN 'owner' ELSE s.role END AS role,
               CASE WHEN c.owner_uid = ${uid} THEN c.watched ELSE coalesce(s.watch, false) END AS watching,
               ${sizeOf} AS size, NULL AS contains
        FROM collections c
        LEFT JOIN collection_shares s ON s.collection_id = c.id AND s.user_uid = ${uid}
        WHERE c.id = ${id} AND (c.owner_uid = ${uid} OR s.user_uid IS NOT NULL)
        LIMIT 1`.execute(db);
      return result.rows[0];
    },

    async findByLinkToken(token: string): Promise<(CollectionRow & { size: number }) | undefined> {
      const result = await sql<CollectionRow & { size: number }>`
        SELECT c.*, ${sizeOf} AS size FROM collections c WHERE c.link_token = ${token}`.execute(db);
      return result.rows[0];
    },

    /**
     * Creates a collection unless the owner has `limit` already. The owner's row is locked, so two
     * creations at once cannot both pass the count.
     */
    create(owner: string, fields: { name: string; description: string }, limit: number) {
      return db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('uid').where('uid', '=', owner).forUpdate().execute();
        const { count } = await trx
          .selectFrom('collections')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('owner_uid', '=', owner)
          .executeTakeFirstOrThrow();
        if (Number(count) >= limit) return null;
        return trx
          .insertInto('collections')
          .values({
            owner_uid: owner,
            ...fields,
            // Its weekly e-mail starts from now, not from changes logged for other collections.
            watch_cursor: sql<number>`(SELECT coalesce(max(id), 0) FROM patent_changes)`,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async update(
      id: string,
      fields: Partial<Pick<CollectionRow, 'name' | 'description' | 'watched' | 'link_token'>>,
    ): Promise<void> {
      await db
        .updateTable('collections')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async setEditorWatch(id: string, uid: string, watch: boolean): Promise<void> {
      await db
        .updateTable('collection_shares')
        .set({ watch })
        .where('collection_id', '=', id)
        .where('user_uid', '=', uid)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('collections').where('id', '=', id).execute();
    },

    /** The members, newest first; or the one member `lensId` (read by `executor`, if given). */
    async members(id: string, lensId?: string, executor: Db = db): Promise<MemberWithPatentRow[]> {
      const result = await sql<MemberWithPatentRow>`
        SELECT m.*, p.lens_id IS NOT NULL AS in_corpus, p.title, p.jurisdiction, p.doc_number, p.kind,
               p.date_published, p.patent_status, p.applicants, p.ai_title, p.ai_summary,
               p.ai_types, p.ai_uses
        FROM collection_members m LEFT JOIN patents p ON p.lens_id = m.lens_id
        WHERE m.collection_id = ${id} ${lensId === undefined ? sql`` : sql`AND m.lens_id = ${lensId}`}
        ORDER BY m.added_at DESC, m.lens_id`.execute(executor);
      return result.rows;
    },

    /**
     * Runs a change of the members with the collection's row locked first (and its last change
     * stamped): changes by several editors queue on it and none is lost, and every such change
     * takes its locks in the same order, so they never deadlock. Undefined, and nothing changed,
     * when the collection is gone (its owner deleted it while this change waited for the lock).
     */
    withMembersLocked<T>(
      id: string,
      change: (trx: Db, size: number) => Promise<T>,
    ): Promise<{ value: T } | undefined> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('collections')
          .set({ updated_at: sql`now()` })
          .where('id', '=', id)
          .executeTakeFirst();
        if (locked.numUpdatedRows === 0n) return undefined;
        const { count } = await trx
          .selectFrom('collection_members')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('collection_id', '=', id)
          .executeTakeFirstOrThrow();
        return { value: await change(trx, Number(count)) };
      });
    },

    findPatent(executor: Db, lensId: string) {
      return executor
        .selectFrom('patents')
        .select(['lens_id', 'doc_key', 'title', 'family_id'])
        .where('lens_id', '=', lensId)
        .executeTakeFirst();
    },

    async upsertMember(executor: Db, member: MemberToAdd): Promise<CollectionMemberRow> {
      return executor
        .insertInto('collection_members')
        .values(member)
        .onConflict((oc) =>
          oc.columns(['collection_id', 'lens_id']).doUpdateSet({
            ...(member.note !== undefined ? { note: member.note } : {}),
            ...(member.tags !== undefined ? { tags: member.tags } : {}),
            updated_at: sql`now()`,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    updateMember(
      executor: Db,
      id: string,
      lensId: string,
      fields: { note?: string; tags?: string[] },
    ): Promise<CollectionMemberRow | undefined> {
      return executor
        .updateTable('collection_members')
        .set({ ...fields, updated_at: sql`now()` })
        .where('collection_id', '=', id)
        .where('lens_id', '=', lensId)
        .returningAll()
        .executeTakeFirst();
    },

    removeMember(executor: Db, id: string, lensId: string): Promise<boolean> {
      return deleteMatching(executor, 'collection_members', { collection_id: id, lens_id: lensId });
    },

    /** The user's notes on a patent, from every collection they own or that is shared with them. */
    async notesOn(uid: string, lensId: string) {
      const result = await sql<{
        collection_id: string;
        collection_name: string;
        note: string;
        tags: string[];
      }>`
        SELECT c.id AS collection_id, c.name AS collection_name, m.note, m.tags
        FROM collection_members m JOIN collections c ON c.id = m.collection_id
        LEFT JOIN collection_shares s ON s.collection_id = c.id AND s.user_uid = ${uid}
        WHERE m.lens_id = ${lensId} AND (c.owner_uid = ${uid} OR s.user_uid IS NOT NULL)
          AND (m.note <> '' OR cardinality(m.tags) > 0)
        ORDER BY c.name`.execute(db);
      return result.rows;
    },
  };
}
