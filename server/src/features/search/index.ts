import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { PlansService } from '../plans/index.js';
import { createSearchEngine } from './engine/index.js';
import { createResultSetsRepo } from './result-sets.repo.js';
import { createResultSets } from './result-sets.service.js';
import { searchJobs } from './search.jobs.js';
import { createSearchRepo } from './search.repo.js';
import { searchResolvers, type SearchContext } from './search.resolvers.js';
import { searchRoutes } from './search.routes.js';
import { createSearchSlots } from './search-slots.js';
import { createSearchService, type SearchService } from './search.service.js';

export { QueryTooComplexError, SearchTimedOutError } from './query/errors.js';
export { isCurrentSearchKey, searchKeyOf } from './search-key.js';
export type { CheckedSearchRequest, SearchOutcome, SearchService } from './search.service.js';
export type { SearchKind, SearchResultItem, SearchResultSet } from './search.types.js';

/**
 * The yielding connections (ADR 0123), whose Postgres backends run at a low CPU priority
 * (`SEARCH_YIELDING_NICENESS`, the lowest by default), so that a user's searches beyond their
 * first take only the CPU nobody else's work wants. Four: two users' worth of extra turns at
 * once, all users together; more wait for a connection.
 */
const YIELDING_CONNECTIONS = 4;

export function createSearchFeature(
  deps: FeatureDeps,
  others: { plans: PlansService },
): FeatureModule<SearchService, SearchContext> {
  const engine = createSearchEngine({
    reads: deps.reads,
    clock: deps.clock,
    // The pool opens another connection when needed; a database outage is reported by the main
    // pool, and a stop (Ctrl-C reaches Postgres too) ends these connections as a matter of course.
    onIdleError: (error) => deps.logger.debug({ err: error }, 'idle search connection lost'),
    observe: deps.observeSearch,
    statementTimeoutMs: deps.config.search.statementTimeoutMs,
    concurrency: deps.config.search.concurrency,
    // Only the embedded Postgres's backends are processes of this machine that the server may
    // renice; an external database's are not.
    ...(deps.config.database.mode === 'embedded' && deps.config.search.yieldingNiceness > 0
      ? {
          yielding: {
            connectionString: deps.reads.primaryUrl,
            connections: YIELDING_CONNECTIONS,
            niceness: deps.config.search.yieldingNiceness,
            onRefused: (error: Error) =>
              deps.logger.warn(`a search connection kept its CPU priority: ${error.message}`),
          },
        }
      : {}),
  });
  deps.watchPool?.('search', () => engine.poolUsage());
  deps.watchPool?.('search_yielding', () => engine.yieldingPoolUsage());
  const service = createSearchService({
    repo: createSearchRepo(deps.reads.db),
    engine,
    maxResults: deps.config.search.maxResults,
    allowance: others.plans,
    // Kept result sets: lost in a failover at worst, never waiting for a standby.
    resultSets: createResultSets({
      repo: createResultSetsRepo(deps.localCommitDb, deps.reads.db),
      engine,
      clock: deps.clock,
      onLostSets: (error, lost) =>
        deps.logger.error({ err: error }, `${lost} kept result sets could not be written`),
    }),
    slots: createSearchSlots(),
  });
  return {
    service,
    routes: searchRoutes(service),
    resolvers: searchResolvers,
    jobs: searchJobs(service),
    accountLifecycle: { purge: service.purgeAccounts },
    close: async () => {
      await service.keptSetsWritten();
      await engine.close();
    },
  };
}
