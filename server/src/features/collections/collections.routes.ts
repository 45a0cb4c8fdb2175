import { answeringRoute, type RestRoute } from '../../shared/rest.js';
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
    answeringRoute('GET', BASE, async ({ viewer, query }) => ({
      collections: await collections.list(viewer, query.lens_id),
    })),
    answeringRoute('POST', BASE, ({ viewer, body }) => collections.create(viewer, body), 201),
    answeringRoute('GET', `${BASE}/:id`, ({ viewer, params }) => collections.get(viewer, params.id)),
    answeringRoute('PATCH', `${BASE}/:id`, ({ viewer, params, body }) =>
      collections.update(viewer, params.id, body),
    ),
    answeringRoute('DELETE', `${BASE}/:id`, ({ viewer, params }) => collections.remove(viewer, params.id)),
    answeringRoute(
      'POST',
      `${BASE}/:id/members`,
      ({ viewer, params, body }) => collections.addMember(viewer, params.id, body),
      201,
    ),
    answeringRoute('PATCH', `${BASE}/:id/members/:lensId`, ({ viewer, params, body }) =>
      collections.updateMember(viewer, params.id, params.lensId, body),
    ),
    answeringRoute('DELETE', `${BASE}/:id/members/:lensId`, ({ viewer, params }) =>
      collections.removeMember(viewer, params.id, params.lensId),
    ),
    answeringRoute('GET', `${BASE}/notes/:lensId`, async ({ viewer, params }) => ({
      notes: await collections.notesOn(viewer, params.lensId),
    })),
    answeringRoute('POST', `${BASE}/:id/link`, ({ viewer, params }) => sharing.issueLink(viewer, params.id)),
    answeringRoute('DELETE', `${BASE}/:id/link`, ({ viewer, params }) =>
      sharing.revokeLink(viewer, params.id),
    ),
    answeringRoute('GET', `${BASE}/shared/:token`, ({ viewer, params }) =>
      sharing.openLink(viewer, params.token),
    ),
    answeringRoute(
      'POST',
      `${BASE}/:id/invitations`,
      ({ viewer, params, body }) => sharing.invite(viewer, params.id, body),
      201,
    ),
    answeringRoute('DELETE', `${BASE}/:id/invitations/:email`, ({ viewer, params }) =>
      sharing.removeShare(viewer, params.id, params.email),
    ),
    answeringRoute('POST', `${BASE}/invitations/:token/accept`, ({ viewer, params }) =>
      sharing.accept(viewer, params.token),
    ),
  ];
}
