import { listItems } from '@patentscout/db';
import type { CollectionRole } from './collections.input.js';
import type { MemberWithPatentRow, VisibleCollectionRow } from './collections.repo.js';

export interface CollectionSummary {
  id: string;
  name: string;
  description: string;
  /** The caller's part: the owner, an invited editor or viewer, or a holder of the link. */
  role: CollectionRole;
  size: number;
  /** Whether the caller gets the weekly e-mail of changes (the owner's, or an editor's opt-in). */
  watched: boolean;
  created_at: string;
  updated_at: string;
  /** Whether the patent asked about is in it (`?lens_id=` on the list). */
  contains?: boolean;
}

export interface CollectionMember {
  lens_id: string;
  doc_key: string;
  /** The title today, or the one it had when added if it left the corpus. */
  title: string;
  family_id: string | null;
  note: string;
  tags: string[];
  /** False for a patent that has left the corpus: listed as "no longer in the corpus". */
  in_corpus: boolean;
  jurisdiction: string | null;
  doc_number: string | null;
  kind: string | null;
  date_published: string | null;
  patent_status: string | null;
  applicants: string[];
  /** The AI title and summary of the corpus, for the card and the exports (null when none). */
  ai_title: string | null;
  ai_summary: string | null;
  ai_types: string[];
  ai_uses: string[];
  added_at: string;
  updated_at: string;
}

/** A member as an add or a change wrote it, and the tags given that were there already. */
export interface WrittenMember extends CollectionMember {
  duplicate_tags: string[];
}

export interface CollectionShare {
  email: string;
  role: 'viewer' | 'editor';
  accepted: boolean;
}

export interface CollectionDetail extends CollectionSummary {
  members: CollectionMember[];
  /** The owner's read-only link token (null when none is issued); null for everyone else. */
  link_token: string | null;
  /** The invitations (the owner only sees them; empty for everyone else). */
  shares: CollectionShare[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

export function toSummary(
  row: Omit<VisibleCollectionRow, 'role' | 'watching' | 'contains'> & { contains?: boolean | null },
  role: CollectionRole,
  watching: boolean,
): CollectionSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role,
    size: Number(row.size),
    watched: watching,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    ...(row.contains === null || row.contains === undefined ? {} : { contains: row.contains }),
  };
}

export function toMember(row: MemberWithPatentRow): CollectionMember {
  return {
    lens_id: row.lens_id,
    doc_key: row.doc_key,
    title: row.title ?? row.patent_title,
    family_id: row.family_id,
    note: row.note,
    tags: row.tags,
    in_corpus: row.in_corpus,
    jurisdiction: row.jurisdiction,
    doc_number: row.doc_number,
    kind: row.kind,
    date_published: row.date_published,
    patent_status: row.patent_status,
    applicants: listItems(row.applicants),
    ai_title: row.ai_title,
    ai_summary: row.ai_summary,
    ai_types: listItems(row.ai_types),
    ai_uses: listItems(row.ai_uses),
    added_at: iso(row.added_at),
    updated_at: iso(row.updated_at),
  };
}
