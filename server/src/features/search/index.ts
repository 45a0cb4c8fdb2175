import type { AccountsService } from '../accounts/index.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createSearchEngine } from './engine/index.js';
import { createResultSetsRepo } from './result-sets.repo.js';
import { createResultSets } from './result-sets.service.js';
import { searchJobs } from './search.jobs.js';
import { createSearchRepo } from './search.repo.js';
import { searchResolvers } from './search.resolvers.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService, type SearchService } from './search.service.js';

export { SearchLimitReachedError } from './search.errors.js';
export type { CheckedSearchRequest, SearchOutcome, SearchService } from './search.service.js';
export type { SearchKind, SearchResultItem, SearchResultSet } from './search.types.js';

export function createSearchFeature(
  deps: FeatureDeps,
  others: { accounts: Pick<AccountsService, 'subscriptionStatusOf'> },
): FeatureModule<SearchService> {
  const engine = createSearchEngine({
    reads: deps.reads,
    clock: deps.clock,
    // The pool opens another connection when needed; a database outage is reported by the main
    // pool, and a stop (Ctrl-C reaches Postgres too) ends these connections as a matter of course.
    onIdleError: (error) => deps.logger.debug({ err: error }, 'idle search connection lost'),
    observe: deps.observeSearch,
  });
  deps.watchPool?.('search', () => engine.poolUsage());
  const service = createSearchService({
    // Search events and kept result sets: lost in a failover at worst, never waiting for a standby.
    repo: createSearchRepo(deps.localCommitDb, deps.reads.db),
    engine,
    clock: deps.clock,
    maxResults: deps.config.search.maxResults,
    freeSearchesPerMonth: deps.config.search.freeSearchesPerMonth,
    subscriptionStatusOf: (uid) => others.accounts.subscriptionStatusOf(uid),
    resultSets: createResultSets({
      repo: createResultSetsRepo(deps.localCommitDb, deps.reads.db),
      engine,
      clock: deps.clock,
    }),
  });
  return {
    service,
    routes: searchRoutes(service),
    resolvers: searchResolvers,
    jobs: searchJobs(service),
    close: () => engine.close(),
  };
}
