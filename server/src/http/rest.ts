import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RestRequest, RestRoute } from '../shared/rest.js';
import type { Viewer } from '../shared/viewer.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's bytes as received (see `registerBodyParsers`). */
    rawBody: Buffer | null;
  }
  interface FastifyContextConfig {
    /** The route's cheap refusal of a signed-in caller, run by the auth hook (RestRoute.refuseEarly). */
    refuseEarly?: (viewer: Viewer) => void | Promise<void>;
  }
}

/**
 * JSON and plain-text bodies are parsed from their bytes, which stay on the request: a signature
 * (a payment provider's webhook) is computed over the bytes, not over a re-serialised object.
 * JSON goes through Fastify's own parser, which refuses prototype-poisoning keys.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  app.decorateRequest('rawBody', null);
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    parseJson(request, (body as Buffer).toString('utf8'), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (request, body, done) => {
    request.rawBody = body as Buffer;
    done(null, (body as Buffer).toString('utf8'));
  });
  // HTML forms' encoding (the waiting list posts one): fields as strings, the last of a repeated one.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (request, body, done) => {
      request.rawBody = body as Buffer;
      done(null, Object.fromEntries(new URLSearchParams((body as Buffer).toString('utf8'))));
    },
  );
}

function lastValues(record: unknown): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries((record ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    values[name] = last === undefined || last === null ? undefined : String(last);
  }
  return values;
}

function restRequest(request: FastifyRequest): RestRequest {
  return {
    viewer: request.viewer,
    params: (request.params ?? {}) as Record<string, string | undefined>,
    query: lastValues(request.query),
    headers: lastValues(request.headers),
    body: request.body,
    rawBody: request.rawBody,
  };
}

/** Mounts framework-free REST shims on Fastify; the auth hook has already set `request.viewer`. */
export function mountRestRoutes(app: FastifyInstance, routes: RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.responseSchema ? { schema: { response: { 200: route.responseSchema } } } : {}),
      ...(route.refuseEarly ? { config: { refuseEarly: route.refuseEarly } } : {}),
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await route.handler(restRequest(request));
        if (result.headers) void reply.headers(result.headers);
        return reply.status(result.status ?? 200).send(result.body);
      },
    });
  }
}
