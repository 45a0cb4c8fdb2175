import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { PlansService } from '../plans/index.js';
import { createSearchAdmission, yieldingConnections } from './admission.js';
import { createSearchEngine, openAiEmbedder } from './engine/index.js';
import { createMeaningStatus } from './meaning-status.js';
import { createResultSetsRepo } from './result-sets.repo.js';
import { createResultSets } from './result-sets.service.js';
import { searchJobs } from './search.jobs.js';
import { createSearchRepo } from './search.repo.js';
import { searchResolvers, type SearchContext } from './search.resolvers.js';
import { searchRoutes } from './search.routes.js';
import type { SearchFeatureSettings } from './search.settings.js';
import type { SearchService } from './search.contract.js';
import { createSearchService } from './search.service.js';

export { QueryTooComplexError, SearchTimedOutError } from './query/errors.js';
export { isCurrentSearchKey, searchKeyOf } from './search-key.js';
export { searchQueryText } from './search.service.js';
export type { CheckedSearchRequest, SearchOutcome, SearchService } from './search.contract.js';
export type { SearchKind, SearchResultItem, SearchResultSet } from './search.types.js';
export type { SearchFeatureSettings } from './search.settings.js';

export function createSearchFeature(
  deps: FeatureDeps,
  settings: SearchFeatureSettings,
  others: { plans: PlansService },
): FeatureModule<SearchService, SearchContext> {
  const admission = createSearchAdmission({ concurrency: settings.search.concurrency });
  const engine = createSearchEngine({
    reads: deps.reads,
    clock: deps.clock,
    // The pool opens another connection when needed; a database outage is reported by the main
    // pool, and a stop (Ctrl-C reaches Postgres too) ends these connections as a matter of course.
    onIdleError: (error) => deps.logger.debug({ err: error }, 'idle search connection lost'),
    observe: deps.observeSearch,
    statementTimeoutMs: settings.search.statementTimeoutMs,
    admit: admission.onOrdinaryConnections,
    yielding: yieldingConnections(deps, settings),
    // Query vectors from the configured embeddings endpoint, when one is (ADR 0164).
    ...(settings.embeddings ? { embedder: openAiEmbedder(settings.embeddings) } : {}),
  });
  deps.watchPool?.('search', () => engine.poolUsage());
  deps.watchPool?.('search_yielding', () => engine.yieldingPoolUsage());
  const service = createSearchService({
    repo: createSearchRepo(deps.reads.db),
    engine,
    maxResults: settings.search.maxResults,
    allowance: others.plans,
    // Kept result sets: lost in a failover at worst, never waiting for a standby.
    resultSets: createResultSets({
      repo: createResultSetsRepo(deps.localCommitDb, deps.reads.db),
      engine,
      clock: deps.clock,
      onLostSets: (error, lost) =>
        deps.logger.error({ err: error }, `${lost} kept result sets could not be written`),
    }),
    admission,
    meaningStatus: createMeaningStatus(deps.reads.db),
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
