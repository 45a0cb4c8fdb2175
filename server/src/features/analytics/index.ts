import { wireFeature, type FeatureDeps, type FeatureModule } from '../feature-module.js';
import type { PlansService } from '../plans/index.js';
import type { SearchService } from '../search/index.js';
import { createAnalystKeysRepo } from './analyst-keys.repo.js';
import { createAnalystKeysService, type AnalystKeysService } from './analyst-keys.service.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsResolvers, type AnalyticsContext } from './analytics.resolvers.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService, type AnalyticsService as PageViewsService } from './analytics.service.js';
import { createInsightsRepo } from './insights.repo.js';
import { createInsightsService, type InsightsService } from './insights.service.js';

export {
  API_KEY_PREFIX,
  isApiKey,
  type AnalystKey,
  type AnalystKeysService,
} from './analyst-keys.service.js';

/** Page views (first-party), analysts' API keys, and the analytics they read. */
export type AnalyticsService = PageViewsService & { keys: AnalystKeysService; insights: InsightsService };

/** Analysts' API keys over a database, for the admin command (no server needed). */
export function analystKeysOver(db: FeatureDeps['db']): AnalystKeysService {
  return createAnalystKeysService({ repo: createAnalystKeysRepo(db) });
}

/**
 * First-party analytics: page views per route change (stored in `page_views`); analysts' API
 * keys; and the analytics schema over searches, users, subscriptions, page views and the corpus.
 */
export function createAnalyticsFeature(
  deps: FeatureDeps,
  others: {
    search: Pick<SearchService, 'checkRequest' | 'matchIds'>;
    /** The free plan's allowance: the plans module's. */
    plans: Pick<PlansService, 'freeSearchesPerMonth'>;
    collectionMembers: (uid: string, collectionId: unknown) => Promise<string[]>;
  },
): FeatureModule<AnalyticsService, AnalyticsContext> {
  const keys = analystKeysOver(deps.db);
  const insights = createInsightsService({
    // The analytics only read: a replica answers them when one serves.
    repo: createInsightsRepo(deps.reads.db),
    clock: deps.clock,
    freeSearchesPerMonth: others.plans.freeSearchesPerMonth,
    gate: keys.assertAnalyst,
    search: others.search,
    collectionMembers: others.collectionMembers,
  });
  return wireFeature(deps, {
    // Page views are first-party statistics: a failover may lose the last ones.
    repo: createAnalyticsRepo(deps.localCommitDb),
    service: (core): AnalyticsService => ({
      ...createAnalyticsService({ ...core, identity: deps.identity, forwarder: deps.pageViewForwarder }),
      keys,
      insights,
    }),
    routes: (service) => analyticsRoutes(service),
    resolvers: analyticsResolvers,
  });
}
