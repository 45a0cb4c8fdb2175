import { systemClock, type Clock } from '../../shared/clock.js';
import { createLogger, type Logger } from '../../shared/logger.js';
import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createAllowanceRepo } from './allowance.repo.js';
import { createAllowance } from './allowance.js';
import { createPlansRepo } from './plans.repo.js';
import { plansResolvers, type PlansContext } from './plans.resolvers.js';
import { plansRoutes } from './plans.routes.js';
import { createPlansService, isSubscribed, planFrom, type PlansService } from './plans.service.js';
import { DEFAULT_FREE_SEARCHES_PER_MONTH, type PlansSettings } from './plans.settings.js';

export { SearchLimitReachedError } from './plans.errors.js';
export { canStillCharge } from './plan-status.js';
export { planReports, type Executor as PlansExecutor } from './plans.repo.js';
export { forgetSearchesThisMonth } from './plans.resolvers.js';
export type { AllowanceReservation } from './allowance.js';
export type { PlansSettings } from './plans.settings.js';
export type { AccountPlan, Plan, PlanStatus, PlansService, RecordOutcome } from './plans.service.js';

/** The plans module over a database, without a server (test fixtures and benchmarks). */
export function plansOver(
  db: FeatureDeps['db'],
  options: {
    freeSearchesPerMonth?: number;
    clock?: Clock;
    logger?: Logger;
    /** Where search events are written, when not `db` (a pool that does not wait for a standby). */
    allowanceDb?: FeatureDeps['db'];
  } = {},
): PlansService {
  const repo = createPlansRepo(db);
  const logger = options.logger ?? createLogger('silent');
  const allowance = createAllowance({
    repo: createAllowanceRepo(options.allowanceDb ?? db),
    clock: options.clock ?? systemClock,
    freeSearchesPerMonth: options.freeSearchesPerMonth ?? DEFAULT_FREE_SEARCHES_PER_MONTH,
    isSubscribed: async (uid) => isSubscribed(planFrom(await repo.subscriptionsOf(uid))),
    onLostCounts: (error, lost) =>
      logger.error({ err: error }, `${lost} search result counts could not be written`),
  });
  return createPlansService({ repo, allowance, logger });
}

/**
 * The plans module: the one owner of what an account may do. It keeps the provider's
 * subscriptions (which billing hands in) in tables of its own and alone reads their statuses;
 * it answers the account's plan, the month's allowance (searches) and one-shot credits.
 */
export function createPlansFeature(
  deps: FeatureDeps,
  settings: PlansSettings,
): FeatureModule<PlansService, PlansContext> {
  const service = plansOver(deps.db, {
    // Search events: a failover may lose the last of them (a search given back), never a plan.
    allowanceDb: deps.localCommitDb,
    freeSearchesPerMonth: settings.freeSearchesPerMonth,
    clock: deps.clock,
    logger: deps.logger,
  });
  return {
    service,
    routes: plansRoutes(service),
    resolvers: plansResolvers,
    accountLifecycle: { purge: service.purge },
    close: () => service.countsWritten(),
  };
}
