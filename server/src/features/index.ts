import { createAccountsFeature, type AccountsService } from './accounts/index.js';
import { createAnalyticsFeature, type AnalyticsService } from './analytics/index.js';
import { createBillingFeature, type BillingService } from './billing/index.js';
import type { FeatureDeps, FeatureModule } from './feature-module.js';
import { createFavouritesFeature, type FavouritesService } from './favourites/index.js';
import { createMailFeature, type MailService } from './mail/index.js';
import { createPatentsFeature, type PatentsService } from './patents/index.js';
import { createSearchFeature, type SearchService } from './search/index.js';
import { createOneShotFeature, type OneShotService } from './oneshot/index.js';
import { createUpdatesFeature, type UpdatesService } from './updates/index.js';

/** Every feature's service, as resolvers and jobs reach them (`context.services`). */
export interface Services {
  accounts: AccountsService;
  search: SearchService;
  patents: PatentsService;
  favourites: FavouritesService;
  mail: MailService;
  updates: UpdatesService;
  oneShot: OneShotService;
  billing: BillingService;
  analytics: AnalyticsService;
}

export type Features = { [Name in keyof Services]: FeatureModule<Services[Name]> };

/**
 * The module registry: every feature, created in dependency order (a feature that needs another
 * gets that one's service). A new feature is its folder, a line here and a line in `Services`.
 */
export function createFeatures(deps: FeatureDeps): Features {
  const mail = createMailFeature(deps);
  const billing = createBillingFeature(deps, { mail: mail.service });
  const accounts = createAccountsFeature(deps, { billing: billing.service });
  const search = createSearchFeature(deps, { accounts: accounts.service });
  const patents = createPatentsFeature(deps);
  const favourites = createFavouritesFeature(deps, { accounts: accounts.service });
  const updates = createUpdatesFeature(deps, { search: search.service, mail: mail.service });
  const oneShot = createOneShotFeature(deps, {
    search: search.service,
    accounts: accounts.service,
    mail: mail.service,
  });
  const analytics = createAnalyticsFeature(deps, { search: search.service });
  return { mail, accounts, search, patents, favourites, updates, oneShot, billing, analytics };
}

export function servicesOf(features: Features): Services {
  return Object.fromEntries(
    Object.entries(features).map(([name, feature]) => [name, feature.service]),
  ) as unknown as Services;
}

export function featureModules(features: Features): FeatureModule<unknown>[] {
  return Object.values(features);
}
