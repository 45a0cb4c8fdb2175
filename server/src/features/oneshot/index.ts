import { wireFeature, type FeatureDeps, type FeatureModule } from '../feature-module.js';
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
  return wireFeature(deps, {
    repo: createOneShotRepo(deps.db),
    service: (core) =>
      createOneShotService({
        ...core,
        db: deps.db,
        search: others.search,
        credits: others.plans,
        accounts: others.accounts,
        mail: others.mail,
        jobs: deps.jobs,
      }),
    routes: oneShotRoutes,
    resolvers: oneShotResolvers,
    jobs: oneShotJobs,
  });
}
