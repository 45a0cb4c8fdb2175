import type { Viewer } from './viewer.js';

/**
 * A REST shim described without a web framework, so that features stay free of Fastify;
 * `http/rest.ts` mounts these on the server.
 */
export interface RestRequest {
  viewer: Viewer | null;
  params: Record<string, string | undefined>;
  body: unknown;
}

/** A body to serialise, or `json`: text already serialised (and checked) by its feature, sent as it is. */
export type RestResponse = { status?: number; body: unknown } | { status?: number; json: string };

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** 'text' for endpoints whose payload is plain text (the spec's registerSearchUpdates). */
  bodyType?: 'json' | 'text';
  handler(request: RestRequest): Promise<RestResponse>;
}
