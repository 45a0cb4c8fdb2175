import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A user's named set of patents (ADR 0145); the collections feature owns these tables. */
export interface CollectionsTable {
  id: Generated<string>;
  owner_uid: string;
  name: string;
  description: Generated<string>;
  /** The read-only link's token; null when no link is issued (or it was revoked). */
  link_token: string | null;
  /** The owner's weekly e-mail of changes in the members. */
  watched: Generated<boolean>;
  /** The last `patent_changes.id` a watch e-mail covered. */
  watch_cursor: Generated<number>;
  created_at: Timestamp;
  /** The last change of the collection or of any of its members. */
  updated_at: Timestamp;
}

/** A patent in a collection, with what its card needs when it has left the corpus. */
export interface CollectionMembersTable {
  collection_id: string;
  lens_id: string;
  doc_key: string;
  patent_title: string;
  family_id: string | null;
  note: Generated<string>;
  tags: Generated<string[]>;
  added_by: string | null;
  added_at: Timestamp;
  updated_at: Timestamp;
}

/** An invitation by e-mail, accepted when `user_uid` is set (the person signed in with that address). */
export interface CollectionSharesTable {
  collection_id: string;
  email: string;
  role: 'viewer' | 'editor';
  invite_token: string;
  user_uid: string | null;
  /** An editor's opt-in to the weekly e-mail of changes. */
  watch: Generated<boolean>;
  invited_at: Timestamp;
  accepted_at: Timestamp | null;
}

/** What happened to a collected patent, written by triggers on `patents` (ADR 0147). */
export interface PatentChangesTable {
  id: Generated<number>;
  lens_id: string;
  family_id: string | null;
  kind: 'legal_status' | 'family_member' | 'removed';
  detail: Generated<string>;
  changed_at: Timestamp;
}

export interface CollectionTables {
  collections: CollectionsTable;
  collection_members: CollectionMembersTable;
  collection_shares: CollectionSharesTable;
  patent_changes: PatentChangesTable;
}

export type CollectionRow = Selectable<CollectionsTable>;
export type CollectionMemberRow = Selectable<CollectionMembersTable>;
export type CollectionShareRow = Selectable<CollectionSharesTable>;
