import type { Db } from '@patentscout/db';
import { ForbiddenError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import {
  AddMemberInput,
  CollectionId,
  COLLECTION_LIMITS,
  CreateCollectionInput,
  LensId,
  UpdateCollectionInput,
  UpdateMemberInput,
  type CollectionRole,
} from './collections.input.js';
import {
  CollectionFullError,
  CollectionNotFoundError,
  CollectionPatentNotFoundError,
  MemberNotFoundError,
  NameTakenError,
  TooManyCollectionsError,
} from './collections.errors.js';
import {
  toMember,
  toSummary,
  type CollectionDetail,
  type CollectionMember,
  type CollectionSummary,
  type WrittenMember,
} from './collections.model.js';
import type { CollectionsRepo, VisibleCollectionRow } from './collections.repo.js';
import type { CollectionSharesRepo } from './collection-shares.repo.js';

const isNameTaken = (error: unknown) =>
  (error as { code?: string; constraint?: string } | null)?.code === '23505' &&
  (error as { constraint?: string }).constraint === 'collections_owner_name';

const OWNER_ONLY = 'Only the owner of this collection can do that.';
const EDITORS_ONLY = 'You can view this collection, but only its owner and editors can change it.';

export interface CollectionsService {
  /** The caller's collections and those shared with them; `lensId` marks those holding it. */
  list(viewer: Viewer | null, lensId?: unknown): Promise<CollectionSummary[]>;
  get(viewer: Viewer | null, id: unknown): Promise<CollectionDetail>;
  create(viewer: Viewer | null, input: unknown): Promise<CollectionDetail>;
  /** Renames or describes (the owner), or turns the weekly e-mail on or off (owner or editor). */
  update(viewer: Viewer | null, id: unknown, input: unknown): Promise<CollectionDetail>;
  remove(viewer: Viewer | null, id: unknown): Promise<{ id: string }>;
  /** Adds a patent of the corpus (adding it again changes only the note and tags given). */
  addMember(viewer: Viewer | null, id: unknown, input: unknown): Promise<WrittenMember>;
  /** Changes a member's note or tags; what is not given stays (two editors' edits both land). */
  updateMember(viewer: Viewer | null, id: unknown, lensId: unknown, input: unknown): Promise<WrittenMember>;
  removeMember(viewer: Viewer | null, id: unknown, lensId: unknown): Promise<{ lens_id: string }>;
  /** The caller's notes and tags on a patent from every collection they can see. */
  notesOn(
    viewer: Viewer | null,
    lensId: unknown,
  ): Promise<{ collection_id: string; collection_name: string; note: string; tags: string[] }[]>;
  /**
   * The members still in the corpus of a collection `uid` may see, for the analysts' landscape
   * (an analyst's API key stands for its owner there; ADR 0145).
   */
  corpusMembersFor(uid: string, id: unknown): Promise<string[]>;
  visible(viewer: Viewer, id: unknown): Promise<VisibleCollectionRow>;
  detail(row: Omit<VisibleCollectionRow, 'role'> & { role: CollectionRole }): Promise<CollectionDetail>;
}

export function createCollectionsService(deps: {
  repo: CollectionsRepo;
  shares: CollectionSharesRepo;
  ensureAccount: (viewer: Viewer) => Promise<void>;
}): CollectionsService {
  const { repo } = deps;

  /** The collection with the caller's role; 404 for a collection the caller may not see. */
  async function visible(viewer: Viewer, id: unknown): Promise<VisibleCollectionRow> {
    const row = await repo.findVisible(parseInput(CollectionId, id), viewer.uid);
    if (!row) throw new CollectionNotFoundError();
    return row;
  }

  function allow(row: VisibleCollectionRow, roles: readonly CollectionRole[], refusal: string) {
    if (!roles.includes(row.role)) throw new ForbiddenError(refusal);
  }

  /** The collection as `row.role` sees it: the sharing for the owner only. */
  async function detail(
    row: Omit<VisibleCollectionRow, 'role'> & { role: CollectionRole },
  ): Promise<CollectionDetail> {
    const owner = row.role === 'owner';
    return {
      ...toSummary(row, row.role, row.watching),
      members: (await repo.members(row.id)).map(toMember),
      link_token: owner ? row.link_token : null,
      shares: owner ? await deps.shares.listFor(row.id) : [],
    };
  }

  return {
    async list(viewer: Viewer | null, lensId?: unknown): Promise<CollectionSummary[]> {
      assertVerified(viewer);
      const asked = lensId === undefined || lensId === null ? null : parseInput(LensId, lensId);
      return (await repo.listVisible(viewer.uid, asked)).map((row) => toSummary(row, row.role, row.watching));
    },

    async get(viewer: Viewer | null, id: unknown): Promise<CollectionDetail> {
      assertVerified(viewer);
      return detail(await visible(viewer, id));
    },

    async create(viewer: Viewer | null, input: unknown): Promise<CollectionDetail> {
      assertVerified(viewer);
      const fields = parseInput(CreateCollectionInput, input);
      await deps.ensureAccount(viewer);
      let created;
      try {
        created = await repo.create(viewer.uid, fields, COLLECTION_LIMITS.collectionsPerUser);
      } catch (error) {
        if (isNameTaken(error)) throw new NameTakenError(fields.name);
        throw error;
      }
      if (!created) throw new TooManyCollectionsError();
      return detail({ ...created, role: 'owner', watching: false, size: 0, contains: null });
    },

    async update(viewer: Viewer | null, id: unknown, input: unknown): Promise<CollectionDetail> {
      assertVerified(viewer);
      const row = await visible(viewer, id);
      const { name, description, watched } = parseInput(UpdateCollectionInput, input);
      if (name !== undefined || description !== undefined) allow(row, ['owner'], OWNER_ONLY);
      if (watched !== undefined)
        allow(row, ['owner', 'editor'], 'Only the owner and editors can watch a collection.');
      try {
        if (row.role === 'owner') await repo.update(row.id, { name, description, watched });
        else if (watched !== undefined) await repo.setEditorWatch(row.id, viewer.uid, watched);
      } catch (error) {
        if (isNameTaken(error)) throw new NameTakenError(name ?? '');
        throw error;
      }
      return detail(await visible(viewer, row.id));
    },

    async remove(viewer: Viewer | null, id: unknown): Promise<{ id: string }> {
      assertVerified(viewer);
      const row = await visible(viewer, id);
      allow(row, ['owner'], OWNER_ONLY);
      await repo.remove(row.id);
      return { id: row.id };
    },

    async addMember(viewer: Viewer | null, id: unknown, input: unknown): Promise<WrittenMember> {
      assertVerified(viewer);
      const row = await visible(viewer, id);
      allow(row, ['owner', 'editor'], EDITORS_ONLY);
      const { lens_id, note, tags } = parseInput(AddMemberInput, input);
      const written = await repo.withMembersLocked(row.id, async (trx, size) => {
        const patent = await repo.findPatent(trx, lens_id);
        if (!patent) throw new CollectionPatentNotFoundError(lens_id);
        const present = await repo.updateMember(trx, row.id, lens_id, {});
        if (!present && size >= COLLECTION_LIMITS.membersPerCollection) throw new CollectionFullError();
        await repo.upsertMember(trx, {
          collection_id: row.id,
          lens_id,
          doc_key: patent.doc_key,
          patent_title: patent.title,
          family_id: patent.family_id,
          added_by: viewer.uid,
          note,
          tags: tags?.tags,
        });
        // Read before the commit: a removal queued behind this add must not hide what it wrote.
        return memberIn(trx, row.id, lens_id);
      });
      if (!written) throw new CollectionNotFoundError();
      return { ...written.value, duplicate_tags: tags?.duplicates ?? [] };
    },

    async updateMember(
      viewer: Viewer | null,
      id: unknown,
      lensId: unknown,
      input: unknown,
    ): Promise<WrittenMember> {
      assertVerified(viewer);
      const row = await visible(viewer, id);
      allow(row, ['owner', 'editor'], EDITORS_ONLY);
      const lens_id = parseInput(LensId, lensId);
      const { note, tags } = parseInput(UpdateMemberInput, input);
      const updated = await repo.withMembersLocked(row.id, async (trx) =>
        (await repo.updateMember(trx, row.id, lens_id, { note, tags: tags?.tags }))
          ? memberIn(trx, row.id, lens_id)
          : undefined,
      );
      if (!updated) throw new CollectionNotFoundError();
      if (!updated.value) throw new MemberNotFoundError();
      return { ...updated.value, duplicate_tags: tags?.duplicates ?? [] };
    },

    async removeMember(viewer: Viewer | null, id: unknown, lensId: unknown): Promise<{ lens_id: string }> {
      assertVerified(viewer);
      const row = await visible(viewer, id);
      allow(row, ['owner', 'editor'], EDITORS_ONLY);
      const lens_id = parseInput(LensId, lensId);
      const removed = await repo.withMembersLocked(row.id, (trx) => repo.removeMember(trx, row.id, lens_id));
      if (!removed) throw new CollectionNotFoundError();
      if (!removed.value) throw new MemberNotFoundError();
      return { lens_id };
    },

    async notesOn(viewer: Viewer | null, lensId: unknown) {
      assertVerified(viewer);
      return repo.notesOn(viewer.uid, parseInput(LensId, lensId));
    },

    async corpusMembersFor(uid: string, id: unknown): Promise<string[]> {
      const row = await repo.findVisible(parseInput(CollectionId, id), uid);
      if (!row) throw new CollectionNotFoundError();
      return (await repo.members(row.id))
        .filter((member) => member.in_corpus)
        .map((member) => member.lens_id);
    },

    visible,
    detail,
  };

  async function memberIn(trx: Db, id: string, lensId: string): Promise<CollectionMember> {
    const [member] = await repo.members(id, lensId, trx);
    if (!member) throw new MemberNotFoundError();
    return toMember(member);
  }
}
