import type { RestRoute } from '../../shared/rest.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(search: SearchService): RestRoute[] {
  return [
    {
      method: 'POST',
      url: '/api/v1/ai-search',
      handler: async ({ viewer, body }) => ({ json: (await search.aiSearch(viewer, body)).json }),
    },
    {
      method: 'POST',
      url: '/api/v1/boolean-search',
      handler: async ({ viewer, body }) => ({ json: (await search.booleanSearch(viewer, body)).json }),
    },
    {
      method: 'GET',
      url: '/api/users/searchCount',
      handler: async ({ viewer }) => ({ body: await search.countThisMonth(viewer) }),
    },
  ];
}
