import { type CollectionMemberRow, type CollectionRow, type Db } from '@patentscout/db';
import type { CollectionRole } from './collections.input.js';

/** A collection as one user sees it: their role, and what they watch of it. */
export interface VisibleCollectionRow extends CollectionRow {
  role: Exclude<CollectionRole, 'link'>;
  watching: boolean;
  size: number;
  /** Whether the patent asked about is a member (only when one was asked about). */
  contains: boolean | null;
}

/** A member with what the corpus says of it today (nulls when it has left the corpus). */
export interface MemberWithPatentRow extends CollectionMemberRow {
  in_corpus: boolean;
  title: string | null;
  jurisdiction: string | null;
  doc_number: string | null;
  kind: string | null;
  date_published: string | null;
  patent_status: string | null;
  applicants: string | null;
  ai_title: string | null;
  ai_summary: string | null;
  /** Delimited lists as stored (`listItems` reads them). */
  ai_types: string | null;
  ai_uses: string | null;
}

/** A patent as it joins a collection (or is written again there), with its note and tags. */
export type MemberToAdd = Pick<
  CollectionMemberRow,
  'collection_id' | 'lens_id' | 'doc_key' | 'patent_title' | 'family_id' | 'added_by'
> & {
  note?: string;
  tags?: string[];
};

/** The collections' SQL: collections, their members and what a user may see of them. */
export interface CollectionsRepo {
  db: Db;
  /** The user's own collections and those shared with them (accepted), last changed first. */
  listVisible(uid: string, lensId: string | null): Promise<VisibleCollectionRow[]>;
  /** The collection and the user's role in it; undefined when the user may not see it. */
  findVisible(id: string, uid: string): Promise<VisibleCollectionRow | undefined>;
  findByLinkToken(token: string): Promise<
    | (CollectionRow & {
        size: number;
      })
    | undefined
  >;
  /**
   * Creates a collection unless the owner has `limit` already. The owner's row is locked, so two
   * creations at once cannot both pass the count.
   */
  create(
    owner: string,
    fields: {
      name: string;
      description: string;
    },
    limit: number,
  ): Promise<CollectionRow | null>;
  update(
    id: string,
    fields: Partial<Pick<CollectionRow, 'name' | 'description' | 'watched' | 'link_token'>>,
  ): Promise<void>;
  setEditorWatch(id: string, uid: string, watch: boolean): Promise<void>;
  remove(id: string): Promise<void>;
  /** The members, newest first; or the one member `lensId` (read by `executor`, if given). */
  members(id: string, lensId?: string, executor?: Db): Promise<MemberWithPatentRow[]>;
  /**
   * Runs a change of the members with the collection's row locked first (and its last change
   * stamped): changes by several editors queue on it and none is lost, and every such change
   * takes its locks in the same order, so they never deadlock. Undefined, and nothing changed,
   * when the collection is gone (its owner deleted it while this change waited for the lock).
   */
  withMembersLocked<T>(
    id: string,
    change: (trx: Db, size: number) => Promise<T>,
  ): Promise<
    | {
        value: T;
      }
    | undefined
  >;
  findPatent(
    executor: Db,
    lensId: string,
  ): Promise<
    | {
        lens_id: string;
        doc_key: string;
        title: string;
        family_id: string | null;
      }
    | undefined
  >;
  upsertMember(executor: Db, member: MemberToAdd): Promise<CollectionMemberRow>;
  updateMember(
    executor: Db,
    id: string,
    lensId: string,
    fields: {
      note?: string;
      tags?: string[];
    },
  ): Promise<CollectionMemberRow | undefined>;
  removeMember(executor: Db, id: string, lensId: string): Promise<boolean>;
  /** The user's notes on a patent, from every collection they own or that is shared with them. */
  notesOn(
    uid: string,
    lensId: string,
  ): Promise<
    {
      collection_id: string;
      collection_name: string;
      note: string;
      tags: string[];
    }[]
  >;
}
