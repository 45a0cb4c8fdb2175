import type { Viewer } from './viewer.js';

/**
 * A REST shim described without a web framework, so that features stay free of Fastify;
 * `http/rest.ts` mounts these on the server.
 */
export interface RestRequest {
  viewer: Viewer | null;
  params: Record<string, string | undefined>;
  /** The query string's parameters (the last value of a repeated one). */
  query: Record<string, string | undefined>;
  /** Lower-cased header names. */
  headers: Record<string, string | undefined>;
  /** The parsed body: JSON, plain text or form fields. */
  body: unknown;
  /** The body's bytes as received, for signatures computed over them (a payment webhook's). */
  rawBody: Buffer | null;
}

export interface RestResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /**
   * The JSON Schema of a 200 answer's body, for large answers: Fastify then serialises them
   * with a compiled serialiser, and drops fields the schema does not name.
   */
  responseSchema?: Record<string, unknown>;
  /**
   * A cheap check of the signed-in caller, run as soon as the caller is known: before the
   * account check, the rate limit and the body. Throws or rejects to refuse (a search beyond the
   * user's turns, answered after the refusal's pause: ADR 0126).
   */
  refuseEarly?(viewer: Viewer): void | Promise<void>;
  handler(request: RestRequest): Promise<RestResponse>;
}

/** A route that answers what `run` resolves to, with 200 or the status given (201 for a creation). */
export function answeringRoute(
  method: RestRoute['method'],
  url: string,
  run: (request: RestRequest) => Promise<unknown>,
  status?: number,
): RestRoute {
  return {
    method,
    url,
    handler: async (request) => {
      const body = await run(request);
      return status === undefined ? { body } : { status, body };
    },
  };
}
