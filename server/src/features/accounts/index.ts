import type { BillingService } from '../billing/index.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { accountsJobs } from './accounts.jobs.js';
import { createAccountsRepo } from './accounts.repo.js';
import { accountsResolvers } from './accounts.resolvers.js';
import { accountsRoutes } from './accounts.routes.js';
import { createAccountsService, type AccountsService } from './accounts.service.js';

export {
  AccountDeletedError,
  AccountNotFoundError,
  type Account,
  type AccountsService,
  type Viewer,
} from './accounts.service.js';

export function createAccountsFeature(
  deps: FeatureDeps,
  others: { billing: BillingService },
): FeatureModule<AccountsService> {
  const service = createAccountsService({
    repo: createAccountsRepo(deps.db),
    identity: deps.identity,
    clock: deps.clock,
    billing: others.billing,
  });
  return {
    service,
    routes: accountsRoutes(service),
    resolvers: accountsResolvers,
    jobs: accountsJobs(service),
  };
}
