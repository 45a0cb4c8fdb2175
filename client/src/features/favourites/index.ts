export { FavouritesPage } from './FavouritesPage';
export { FavouriteStar } from './FavouriteStar';
export type { FavouriteTarget } from './useFavouriteToggle';
