import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestRoute } from '../shared/rest.js';

/** Mounts framework-free REST shims on Fastify; the auth hook has already set `request.viewer`. */
export function mountRestRoutes(app: FastifyInstance, routes: RestRoute[]): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.url,
      handler: async (request: FastifyRequest, reply) => {
        const result = await route.handler({
          viewer: request.viewer,
          params: (request.params ?? {}) as Record<string, string | undefined>,
          body: request.body,
        });
        reply.status(result.status ?? 200);
        return 'json' in result
          ? reply.type('application/json; charset=utf-8').send(result.json)
          : reply.send(result.body);
      },
    });
  }
}
