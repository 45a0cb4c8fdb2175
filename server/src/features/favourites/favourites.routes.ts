import type { RestRoute } from '../../shared/rest.js';
import type { FavouritesService } from './favourites.service.js';

export function favouritesRoutes(favourites: FavouritesService): RestRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/v1/favourites',
      handler: async ({ viewer }) => ({ body: { favourites: await favourites.list(viewer) } }),
    },
    {
      method: 'PUT',
      url: '/api/v1/favourites',
      handler: async ({ viewer, body }) => ({ body: { id: (await favourites.add(viewer, body)).id } }),
    },
    {
      method: 'DELETE',
      url: '/api/v1/favourites/:id',
      handler: async ({ viewer, params }) => ({ body: await favourites.remove(viewer, params.id) }),
    },
  ];
}
