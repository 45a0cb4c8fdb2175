import { z } from 'zod';
import type { RestRoute } from '../../shared/rest.js';
import type { SearchService } from './search.contract.js';
import { SearchResultSetSchema } from './search.types.js';

/** The answer's JSON Schema: Fastify compiles a serialiser for it (500 items, ~450 KB). */
const RESULT_SET_JSON_SCHEMA = z.toJSONSchema(SearchResultSetSchema, { target: 'draft-7', io: 'output' });

export function searchRoutes(search: SearchService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/v1/ai-search',
      refuseEarly: (viewer) => search.refuseWithoutTurn(viewer),
      responseSchema: RESULT_SET_JSON_SCHEMA,
      handler: async ({ viewer, body }) => ({ body: (await search.aiSearch(viewer, body)).results }),
    },
    {
      method: 'POST',
      url: '/api/v1/boolean-search',
      refuseEarly: (viewer) => search.refuseWithoutTurn(viewer),
      responseSchema: RESULT_SET_JSON_SCHEMA,
      handler: async ({ viewer, body }) => ({ body: (await search.booleanSearch(viewer, body)).results }),
    },
    {
      method: 'GET',
      url: '/api/v1/patents/:lensId/similar',
      handler: async ({ params, query }) => ({
        body: { data: await search.similarPatents({ lensId: params.lensId, first: query.first }) },
      }),
    },
    {
      method: 'GET',
      url: '/api/v1/result-sets/:id',
      responseSchema: RESULT_SET_JSON_SCHEMA,
      handler: async ({ viewer, params }) => ({
        body: (await search.replayResultSet(viewer, params.id ?? '')).results,
      }),
    },
    {
      method: 'GET',
      url: '/api/v1/result-sets/:id/counts',
      refuseEarly: (viewer) => search.refuseWithoutTurn(viewer),
      handler: async ({ viewer, params }) => ({
        body: await search.resultSetCounts(viewer, params.id ?? ''),
      }),
    },
  ];
}
