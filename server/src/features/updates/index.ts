import { wireFeature, type FeatureDeps, type FeatureModule } from '../feature-module.js';
import type { MailService } from '../mail/index.js';
import type { SearchService } from '../search/index.js';
import { updatesJobs } from './updates.jobs.js';
import { createUpdatesRepo } from './updates.repo.js';
import { updatesResolvers, type UpdatesContext } from './updates.resolvers.js';
import { devDigestRoute, updatesRoutes } from './updates.routes.js';
import { createUpdatesService, type UpdatesService } from './updates.service.js';
import type { UpdatesSettings } from './updates.settings.js';

export { WEEKLY_DIGEST_JOB } from './updates.jobs.js';
export type { SavedSearch, UpdatesService } from './updates.service.js';
export type { UpdatesSettings } from './updates.settings.js';

/** Weekly e-mail updates on saved searches. */
export function createUpdatesFeature(
  deps: FeatureDeps,
  settings: UpdatesSettings,
  others: { search: SearchService; mail: MailService },
): FeatureModule<UpdatesService, UpdatesContext> {
  return wireFeature(deps, {
    repo: createUpdatesRepo(deps.db),
    service: (core) =>
      createUpdatesService({
        ...core,
        db: deps.db,
        search: others.search,
        mail: others.mail,
        configuredSecret: settings.appSecret,
      }),
    routes: (service) => [
      ...updatesRoutes(service),
      ...(settings.localMail ? [devDigestRoute(service)] : []),
    ],
    resolvers: updatesResolvers,
    jobs: updatesJobs,
  });
}
export { digestWeek } from './week.js';
