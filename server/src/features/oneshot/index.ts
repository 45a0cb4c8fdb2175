import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { AccountsService } from '../accounts/index.js';
import type { MailService } from '../mail/index.js';
import type { PlansService } from '../plans/index.js';
import type { SearchService } from '../search/index.js';
import { oneShotJobs } from './oneshot.jobs.js';
import { createOneShotRepo } from './oneshot.repo.js';
import { oneShotResolvers, type OneShotContext } from './oneshot.resolvers.js';
import { oneShotRoutes } from './oneshot.routes.js';
import { createOneShotService, type OneShotService } from './oneshot.service.js';

export type { OneShotService, PreviousSearch } from './oneshot.service.js';

/** Deep one-shot searches with a PDF report by e-mail, and the previous-searches list. */
export function createOneShotFeature(
  deps: FeatureDeps,
  others: { search: SearchService; plans: PlansService; accounts: AccountsService; mail: MailService },
): FeatureModule<OneShotService, OneShotContext> {
  const service = createOneShotService({
    repo: createOneShotRepo(deps.db),
    db: deps.db,
    search: others.search,
    credits: others.plans,
    accounts: others.accounts,
    mail: others.mail,
    jobs: deps.jobs,
    clock: deps.clock,
    logger: deps.logger,
  });
  return { service, routes: oneShotRoutes(service), resolvers: oneShotResolvers, jobs: oneShotJobs(service) };
}
