import type { RestRoute } from '../../shared/rest.js';
import type { CollectionSharing } from './collections.sharing.js';
import type { CollectionsService } from './collections.service.js';
import type { CollectionWatch } from './collections.watch.js';

const BASE = '/api/v1/collections';

/** Embedded mode only: sends this week's watch e-mails now, for the dev mailbox and the browser tests. */
export function devWatchRoute(watch: CollectionWatch): RestRoute {
  return {
    method: 'POST',
    url: '/dev/collections-watch',
    handler: async () => ({ body: await watch.sendWatchDigests() }),
  };
}

export function collectionsRoutes(
  collections: CollectionsService,
  sharing: CollectionSharing,
  watch: CollectionWatch,
): RestRoute[] {
  return [
    {
      // The watch e-mail's one-click link (RFC 8058: a POST from the mail client), and its page's.
      method: 'POST',
      url: `${BASE}/unwatch`,
      handler: async ({ query, body }) => {
        const token =
          query.token ?? (body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined);
        return { body: await watch.unwatchWithToken(token) };
      },
    },
    {
      method: 'GET',
      url: BASE,
      handler: async ({ viewer, query }) => ({
        body: { collections: await collections.list(viewer, query.lens_id) },
      }),
    },
    {
      method: 'POST',
      url: BASE,
      handler: async ({ viewer, body }) => ({ status: 201, body: await collections.create(viewer, body) }),
    },
    {
      method: 'GET',
      url: `${BASE}/:id`,
      handler: async ({ viewer, params }) => ({ body: await collections.get(viewer, params.id) }),
    },
    {
      method: 'PATCH',
      url: `${BASE}/:id`,
      handler: async ({ viewer, params, body }) => ({
        body: await collections.update(viewer, params.id, body),
      }),
    },
    {
      method: 'DELETE',
      url: `${BASE}/:id`,
      handler: async ({ viewer, params }) => ({ body: await collections.remove(viewer, params.id) }),
    },
    {
      method: 'POST',
      url: `${BASE}/:id/members`,
      handler: async ({ viewer, params, body }) => ({
        status: 201,
        body: await collections.addMember(viewer, params.id, body),
      }),
    },
    {
      method: 'PATCH',
      url: `${BASE}/:id/members/:lensId`,
      handler: async ({ viewer, params, body }) => ({
        body: await collections.updateMember(viewer, params.id, params.lensId, body),
      }),
    },
    {
      method: 'DELETE',
      url: `${BASE}/:id/members/:lensId`,
      handler: async ({ viewer, params }) => ({
        body: await collections.removeMember(viewer, params.id, params.lensId),
      }),
    },
    {
      method: 'GET',
      url: `${BASE}/notes/:lensId`,
      handler: async ({ viewer, params }) => ({
        body: { notes: await collections.notesOn(viewer, params.lensId) },
      }),
    },
    {
      method: 'POST',
      url: `${BASE}/:id/link`,
      handler: async ({ viewer, params }) => ({ body: await sharing.issueLink(viewer, params.id) }),
    },
    {
      method: 'DELETE',
      url: `${BASE}/:id/link`,
      handler: async ({ viewer, params }) => ({ body: await sharing.revokeLink(viewer, params.id) }),
    },
    {
      method: 'GET',
      url: `${BASE}/shared/:token`,
      handler: async ({ viewer, params }) => ({ body: await sharing.openLink(viewer, params.token) }),
    },
    {
      method: 'POST',
      url: `${BASE}/:id/invitations`,
      handler: async ({ viewer, params, body }) => ({
        status: 201,
        body: await sharing.invite(viewer, params.id, body),
      }),
    },
    {
      method: 'DELETE',
      url: `${BASE}/:id/invitations/:email`,
      handler: async ({ viewer, params }) => ({
        body: await sharing.removeShare(viewer, params.id, params.email),
      }),
    },
    {
      method: 'POST',
      url: `${BASE}/invitations/:token/accept`,
      handler: async ({ viewer, params }) => ({ body: await sharing.accept(viewer, params.token) }),
    },
  ];
}
