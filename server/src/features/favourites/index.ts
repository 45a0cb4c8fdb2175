export { createFavouritesRepo } from './favourites.repo.js';
export { createFavouritesService, type Favourite, type FavouritesService } from './favourites.service.js';
export { favouritesRoutes } from './favourites.routes.js';
export { favouritesResolvers } from './favourites.resolvers.js';
