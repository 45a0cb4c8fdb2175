import type { AccountsService } from '../accounts/index.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createFavouritesRepo } from './favourites.repo.js';
import { favouritesResolvers, type FavouritesContext } from './favourites.resolvers.js';
import { favouritesRoutes } from './favourites.routes.js';
import { createFavouritesService, type FavouritesService } from './favourites.service.js';

export type { Favourite, FavouritesService } from './favourites.service.js';

export function createFavouritesFeature(
  deps: FeatureDeps,
  others: { accounts: Pick<AccountsService, 'getAccount'> },
): FeatureModule<FavouritesService, FavouritesContext> {
  const service = createFavouritesService({
    repo: createFavouritesRepo(deps.db),
    ensureAccount: async (viewer) => {
      await others.accounts.getAccount(viewer);
    },
  });
  return { service, routes: favouritesRoutes(service), resolvers: favouritesResolvers };
}
