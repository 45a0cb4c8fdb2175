import {
  wireFeature,
  type AccountLifecycle,
  type FeatureDeps,
  type FeatureModule,
} from '../feature-module.js';
import type { PlansService } from '../plans/index.js';
import { accountsJobs } from './accounts.jobs.js';
import { createAccountsRepo } from './accounts.repo.js';
import { accountsResolvers, type AccountsContext } from './accounts.resolvers.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService, type AccountsService } from './accounts.service.js';

export {
  AccountDeletedError,
  AccountNotFoundError,
  type AccountsService,
  type Viewer,
} from './accounts.service.js';
export type { Account } from './accounts.model.js';
export { accountAfterCredit, type CreditContext } from './accounts.resolvers.js';

export function createAccountsFeature(
  deps: FeatureDeps,
  others: {
    plans: Pick<PlansService, 'subscriptionStatusOf'>;
    lifecycles: () => Array<AccountLifecycle & { feature: string }>;
  },
): FeatureModule<AccountsService, AccountsContext> {
  return wireFeature(deps, {
    repo: createAccountsRepo(deps.db),
    service: (core) =>
      createAccountsService({ ...core, identity: deps.identity, lifecycles: others.lifecycles }),
    routes: (service) => accountsRoutes(service, others.plans),
    resolvers: accountsResolvers,
    jobs: accountsJobs,
  });
}
