import { createAccountsFeature, type AccountsService } from './accounts/index.js';
import { createAnalyticsFeature, type AnalyticsService } from './analytics/index.js';
import { createBillingFeature, type BillingFeatureSettings, type BillingService } from './billing/index.js';
import {
  createCollectionsFeature,
  type CollectionsFeatureService,
  type CollectionsSettings,
} from './collections/index.js';
import type { GraphQLContext } from '../shared/graphql-context.js';
import type { AccountLifecycle, FeatureDeps, FeatureModule } from './feature-module.js';
import { createFavouritesFeature, type FavouritesService } from './favourites/index.js';
import { createMailFeature, type MailFeatureSettings, type MailService } from './mail/index.js';
import { createMapsFeature, type MapsService } from './maps/index.js';
import { createPatentsFeature, type PatentsService } from './patents/index.js';
import { createPlansFeature, type PlansService, type PlansSettings } from './plans/index.js';
import { createSearchFeature, type SearchFeatureSettings, type SearchService } from './search/index.js';
import { createOneShotFeature, type OneShotService } from './oneshot/index.js';
import { createUpdatesFeature, type UpdatesService, type UpdatesSettings } from './updates/index.js';

/** Every feature's service, as resolvers reach them (`context.services`). */
export interface Services {
  mail: MailService;
  plans: PlansService;
  accounts: AccountsService;
  billing: BillingService;
  search: SearchService;
  patents: PatentsService;
  favourites: FavouritesService;
  collections: CollectionsFeatureService;
  updates: UpdatesService;
  oneShot: OneShotService;
  analytics: AnalyticsService;
  maps: MapsService;
}

/** The GraphQL context the server builds: each feature's resolvers declare the part they read. */
export interface ResolverContext extends GraphQLContext {
  services: Services;
}

/**
 * Each feature's settings, for the features that have any: its own slice of the configuration and
 * the few values of other parts it names. A feature never receives the whole configuration.
 */
export interface FeatureSettings {
  mail: MailFeatureSettings;
  plans: PlansSettings;
  billing: BillingFeatureSettings;
  search: SearchFeatureSettings;
  collections: CollectionsSettings;
  updates: UpdatesSettings;
}

export type Features = { [Name in keyof Services]: FeatureModule<Services[Name], ResolverContext> };

/**
 * The module registry: every feature, created in dependency order (a feature that needs another
 * gets that one's service). A new feature is its folder, a line here and a line in `Services`.
 * The registry's order is also the order of the features' parts in an account's end: billing
 * stops what the provider could still charge before the plan and search remove their records.
 */
export function createFeatures(deps: FeatureDeps, settings: FeatureSettings): Features {
  const mail = createMailFeature(deps, settings.mail);
  const plans = createPlansFeature(deps, settings.plans);
  // Asked for when an account closes or is purged, once every feature exists.
  const lifecycles = () => accountLifecycles(features);
  const accounts = createAccountsFeature(deps, { plans: plans.service, lifecycles });
  const billing = createBillingFeature(deps, settings.billing, {
    mail: mail.service,
    plans: plans.service,
    accounts: accounts.service,
  });
  const search = createSearchFeature(deps, settings.search, { plans: plans.service });
  const patents = createPatentsFeature(deps);
  const favourites = createFavouritesFeature(deps, { accounts: accounts.service });
  const collections = createCollectionsFeature(deps, settings.collections, {
    accounts: accounts.service,
    mail: mail.service,
  });
  const updates = createUpdatesFeature(deps, settings.updates, {
    search: search.service,
    mail: mail.service,
  });
  const oneShot = createOneShotFeature(deps, {
    search: search.service,
    plans: plans.service,
    accounts: accounts.service,
    mail: mail.service,
  });
  const analytics = createAnalyticsFeature(deps, {
    search: search.service,
    plans: plans.service,
    collectionMembers: collections.service.corpusMembersFor,
  });
  const maps = createMapsFeature(deps);
  const features: Features = {
    mail,
    accounts,
    billing,
    plans,
    search,
    patents,
    favourites,
    collections,
    updates,
    oneShot,
    analytics,
    maps,
  };
  return features;
}

function accountLifecycles(features: Features): Array<AccountLifecycle & { feature: string }> {
  return Object.entries(features).flatMap(([feature, module]) =>
    module.accountLifecycle ? [{ feature, ...module.accountLifecycle }] : [],
  );
}

export function servicesOf(features: Features): Services {
  return Object.fromEntries(
    Object.entries(features).map(([name, feature]) => [name, feature.service]),
  ) as unknown as Services;
}

export function featureModules(features: Features): FeatureModule<unknown, ResolverContext>[] {
  return Object.values(features);
}
