import type { AccountsService } from '../accounts/index.js';
import { wireFeature, type FeatureDeps, type FeatureModule } from '../feature-module.js';
import type { MailService } from '../mail/index.js';
import type { PlansService } from '../plans/index.js';
import { billingJobs } from './billing.jobs.js';
import { createBillingRepo } from './billing.repo.js';
import { billingResolvers, type BillingContext } from './billing.resolvers.js';
import { billingRoutes } from './billing.routes.js';
import { createBillingService, type BillingService } from './billing.service.js';
import type { BillingFeatureSettings } from './billing.settings.js';

export { RECONCILE_JOB } from './billing.jobs.js';
export type { Billing, BillingService } from './billing.service.js';
export type { BillingFeatureSettings } from './billing.settings.js';
export type { ReconciliationFixes } from './reconcile.js';
export { UNMATCHED_EVENT_DAYS } from './reconcile.js';

/** The latest finished reconciliation since a moment, over a database (for the admin command). */
export function lastReconciliationOver(db: FeatureDeps['db']) {
  const repo = createBillingRepo(db);
  return (since: Date) => repo.lastReconciliation(since);
}

/**
 * The Discover plan at the payment provider: Stripe Checkout (one open session per account), the
 * billing portal, the provider's webhooks and the daily reconciliation, all of which turn into
 * calls on the plans module.
 */
export function createBillingFeature(
  deps: FeatureDeps,
  settings: BillingFeatureSettings,
  others: { mail: MailService; plans: PlansService; accounts: AccountsService },
): FeatureModule<BillingService, BillingContext> {
  return wireFeature(deps, {
    repo: createBillingRepo(deps.db),
    service: (core) => {
      const service = createBillingService({
        ...core,
        payments: deps.payments,
        plans: others.plans,
        accounts: others.accounts,
        mail: others.mail,
        priceDiscover: settings.priceDiscover,
      });
      deps.watchBilling?.(() => service.figures());
      return service;
    },
    routes: billingRoutes,
    resolvers: billingResolvers,
    jobs: billingJobs,
    accountLifecycle: (service) => ({ close: service.closeAccount, purge: service.purge }),
  });
}
