import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createAnalyticsRepo } from './analytics.repo.js';
import { analyticsRoutes } from './analytics.routes.js';
import { createAnalyticsService, type AnalyticsService } from './analytics.service.js';

export type { AnalyticsService } from './analytics.service.js';

/** First-party analytics: page views per route change, stored in `page_views`. */
export function createAnalyticsFeature(deps: FeatureDeps): FeatureModule<AnalyticsService> {
  const service = createAnalyticsService({
    repo: createAnalyticsRepo(deps.db),
    identity: deps.identity,
    clock: deps.clock,
    logger: deps.logger,
    forwarder: deps.pageViewForwarder,
  });
  return { service, routes: analyticsRoutes(service) };
}
