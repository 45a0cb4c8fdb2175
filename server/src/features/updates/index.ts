import type { FeatureDeps, FeatureModule } from '../feature-module.js';
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
  const service = createUpdatesService({
    repo: createUpdatesRepo(deps.db),
    db: deps.db,
    search: others.search,
    mail: others.mail,
    clock: deps.clock,
    logger: deps.logger,
    configuredSecret: settings.appSecret,
  });
  return {
    service,
    routes: [...updatesRoutes(service), ...(settings.localMail ? [devDigestRoute(service)] : [])],
    resolvers: updatesResolvers,
    jobs: updatesJobs(service),
  };
}
export { digestWeek } from './week.js';
