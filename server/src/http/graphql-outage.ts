import type { ApolloServerPlugin } from '@apollo/server';
import { SERVICE_RETRY_AFTER_SECONDS } from '../shared/errors.js';

/**
 * A GraphQL answer whose error is SERVICE_UNAVAILABLE (the database or the identity service is
 * restarting) goes out as HTTP 503 with Retry-After, as the REST paths do, instead of a 200 that
 * proxies, monitors and clients would count as a success.
 */
export function serviceUnavailableStatus(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const errors = response.body.singleResult.errors ?? [];
          if (!errors.some((error) => error.extensions?.['code'] === 'SERVICE_UNAVAILABLE')) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(SERVICE_RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}
