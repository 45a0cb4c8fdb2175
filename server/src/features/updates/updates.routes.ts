import type { RestRoute } from '../../shared/rest.js';
import type { UpdatesService } from './updates.service.js';

/** Embedded mode only: sends this week's digests now, for the dev mailbox and the browser tests. */
export function devDigestRoute(updates: UpdatesService): RestRoute {
  return {
    method: 'POST',
    url: '/dev/weekly-digest',
    handler: async () => ({ body: await updates.sendWeeklyDigests() }),
  };
}

export function updatesRoutes(updates: UpdatesService): RestRoute[] {
  return [
    {
      // The spec's shim: the body is the results page's query string, as plain text.
      method: 'POST',
      url: '/api/v1/registerSearchUpdates',
      handler: async ({ viewer, body }) => {
        await updates.subscribe(viewer, body);
        return { body: { ok: true } };
      },
    },
    {
      // The digest's one-click link (RFC 8058: a POST from the mail client), and the unsubscribe page's.
      method: 'POST',
      url: '/api/v1/unsubscribe',
      handler: async ({ query, body }) => {
        const token =
          query.token ?? (body && typeof body === 'object' ? (body as { token?: unknown }).token : undefined);
        return { body: await updates.unsubscribeWithToken(token) };
      },
    },
  ];
}
