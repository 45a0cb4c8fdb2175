import { randomBytes } from 'node:crypto';
import { createElement } from 'react';
import { PRODUCT_NAME } from '@patentscout/schema';
import { ForbiddenError, ValidationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { MailService } from '../mail/index.js';
import { CollectionLinkNotFoundError, InvitationNotFoundError } from './collections.errors.js';
import { InviteInput, Token } from './collections.input.js';
import {
  toSummary,
  type CollectionDetail,
  type CollectionShare,
  type CollectionSummary,
} from './collections.model.js';
import type { CollectionsRepo } from './collections.repo.js';
import type { CollectionsService } from './collections.service.js';
import type { CollectionSharesRepo } from './collection-shares.repo.js';
import { CollectionInvitation } from './templates/CollectionInvitation.js';

/** 192 random bits: a link or an invitation cannot be guessed. */
const newToken = () => randomBytes(24).toString('base64url');

const OWNER_SHARES = 'Only the owner of this collection can share it.';

export interface CollectionSharing {
  /** Issues the read-only link, or a new one in place of the old (which then stops working). */
  issueLink(viewer: Viewer | null, id: unknown): Promise<{ link_token: string }>;
  revokeLink(viewer: Viewer | null, id: unknown): Promise<{ link_token: null }>;
  /** What a link holder sees: any signed-in user, read-only (their own role when they have one). */
  openLink(viewer: Viewer | null, token: unknown): Promise<CollectionDetail>;
  /** Invites an address as a viewer or an editor: an e-mail with a link to accept. */
  invite(viewer: Viewer | null, id: unknown, input: unknown): Promise<CollectionShare>;
  removeShare(viewer: Viewer | null, id: unknown, email: unknown): Promise<{ email: string }>;
  /** Accepts an invitation: the caller must be signed in with the address it was sent to. */
  accept(viewer: Viewer | null, token: unknown): Promise<CollectionSummary>;
}

/** Sharing by link and by invitation; only the owner shares (ADR 0146). */
export function createCollectionSharing(deps: {
  repo: CollectionsRepo;
  shares: CollectionSharesRepo;
  collections: Pick<CollectionsService, 'visible' | 'detail'>;
  mail: Pick<MailService, 'queue' | 'link'>;
}): CollectionSharing {
  const { repo, shares, collections } = deps;

  async function owned(viewer: Viewer, id: unknown) {
    const row = await collections.visible(viewer, id);
    if (row.role !== 'owner') throw new ForbiddenError(OWNER_SHARES);
    return row;
  }

  return {
    async issueLink(viewer: Viewer | null, id: unknown): Promise<{ link_token: string }> {
      assertVerified(viewer);
      const row = await owned(viewer, id);
      const link_token = newToken();
      await repo.update(row.id, { link_token });
      return { link_token };
    },

    async revokeLink(viewer: Viewer | null, id: unknown): Promise<{ link_token: null }> {
      assertVerified(viewer);
      const row = await owned(viewer, id);
      await repo.update(row.id, { link_token: null });
      return { link_token: null };
    },

    async openLink(viewer: Viewer | null, token: unknown): Promise<CollectionDetail> {
      assertVerified(viewer);
      const row = await repo.findByLinkToken(parseInput(Token, token));
      if (!row) throw new CollectionLinkNotFoundError();
      const own = await repo.findVisible(row.id, viewer.uid);
      if (own) return collections.detail(own);
      return collections.detail({ ...row, role: 'link', watching: false, contains: null });
    },

    async invite(viewer: Viewer | null, id: unknown, input: unknown): Promise<CollectionShare> {
      assertVerified(viewer);
      const row = await owned(viewer, id);
      const { email, role } = parseInput(InviteInput, input);
      if (email === viewer.email?.toLowerCase())
        throw new ValidationError('That is your own address: the collection is yours already.');
      const share = await shares.upsert({ collection_id: row.id, email, role, invite_token: newToken() });
      const inviter = viewer.name?.trim() || viewer.email || 'A colleague';
      await deps.mail.queue({
        // A new invitation (a new token, or a new role) is mailed; the same one again is not.
        key: `collection-invitation:${share.invite_token}:${share.role}`,
        to: email,
        subject: `${PRODUCT_NAME}: ${inviter} shared the collection “${row.name}” with you`,
        body: createElement(CollectionInvitation, {
          inviter,
          collectionName: row.name,
          role,
          email,
          acceptLink: deps.mail.link(`/collections/invitations/${share.invite_token}`),
          publicUrl: deps.mail.link('/'),
        }),
      });
      return { email, role: share.role, accepted: share.user_uid !== null };
    },

    async removeShare(viewer: Viewer | null, id: unknown, email: unknown): Promise<{ email: string }> {
      assertVerified(viewer);
      const row = await owned(viewer, id);
      const address = parseInput(InviteInput.shape.email, email);
      if (!(await shares.remove(row.id, address)))
        throw new InvitationNotFoundError(`${address} is not invited to this collection.`);
      return { email: address };
    },

    async accept(viewer: Viewer | null, token: unknown): Promise<CollectionSummary> {
      assertVerified(viewer);
      const inviteToken = parseInput(Token, token);
      const share = await shares.findByToken(inviteToken);
      if (!share)
        throw new InvitationNotFoundError(
          'This invitation does not work any more: the owner withdrew it, or the collection was deleted.',
        );
      // The owner too: an invitation is for the address it was sent to, whoever else opens it.
      if (share.email !== viewer.email?.toLowerCase())
        throw new ForbiddenError(
          `This invitation was sent to ${share.email}. Please sign in with that address to accept it.`,
        );
      if (share.user_uid !== null && share.user_uid !== viewer.uid)
        throw new ForbiddenError('This invitation was accepted by another account.');
      await shares.accept(inviteToken, viewer.uid);
      const row = await collections.visible(viewer, share.collection_id);
      return toSummary(row, row.role, row.watching);
    },
  };
}
