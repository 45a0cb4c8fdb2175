import type { FastifyInstance } from 'fastify';
import { AccountDeletedError } from '../features/accounts/index.js';
import { isApiKey } from '../features/analytics/index.js';
import { ForbiddenError } from '../shared/errors.js';
import type { IdentityProvider } from '../shared/identity.js';
import type { Viewer } from '../shared/viewer.js';
import { OPS_PATHS } from './health.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** Analysts use GraphQL: an API key authenticates nothing else. */
const API_KEY_PATHS = new Set(['/graphql']);

/**
 * Turns `Authorization: Bearer <Firebase ID token>` into `request.viewer`. An absent or empty
 * header means signed out; a token that does not verify is refused with 401. A bearer token
 * starting `psk_` is an analyst's API key: looked up by its hash (401 when unknown or revoked),
 * on /graphql only (403 elsewhere). A route's `refuseEarly` check runs once the user is known,
 * before the account check.
 */
export function registerAuthHook(
  app: FastifyInstance,
  identity: IdentityProvider,
  /** A closed account's tokens stay valid at the provider until they expire: refused here. */
  isDeleted: (uid: string) => Promise<boolean>,
  authenticateApiKey: (key: string) => Promise<Viewer>,
): void {
  app.decorateRequest('viewer', null);
  app.addHook('onRequest', async (request) => {
    // Health checks and scrapes carry no user (a scraper's bearer token is the metrics token).
    if (OPS_PATHS.has(request.url.split('?')[0]!)) return;
    const header = request.headers.authorization?.trim() ?? '';
    const token = header.replace(/^Bearer\s*/i, '').trim();
    if (token && isApiKey(token)) {
      if (!API_KEY_PATHS.has(request.url.split('?')[0]!)) {
        throw new ForbiddenError('An analyst API key works with the GraphQL API (/graphql) only.');
      }
      request.viewer = await authenticateApiKey(token);
      return;
    }
    const viewer = token ? await identity.verifyIdToken(token) : null;
    // A verified caller the route refuses anyway (a search beyond the user's turns) is refused
    // before the account check's database round trip: a flood of them stays cheap (ADR 0123).
    if (viewer) await request.routeOptions.config.refuseEarly?.(viewer);
    if (viewer && (await isDeleted(viewer.uid))) {
      throw new AccountDeletedError();
    }
    request.viewer = viewer;
  });
}
