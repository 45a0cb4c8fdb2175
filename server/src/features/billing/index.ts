import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import type { MailService } from '../mail/index.js';
import { createBillingRepo } from './billing.repo.js';
import { billingResolvers } from './billing.resolvers.js';
import { billingRoutes } from './billing.routes.js';
import { createBillingService, type BillingService } from './billing.service.js';

export type { Billing, BillingService } from './billing.service.js';

/** The Discover plan: Stripe Checkout, the billing portal and the subscription's webhooks. */
export function createBillingFeature(
  deps: FeatureDeps,
  others: { mail: MailService },
): FeatureModule<BillingService> {
  const service = createBillingService({
    repo: createBillingRepo(deps.db),
    payments: deps.payments,
    mail: others.mail,
    logger: deps.logger,
    priceDiscover: deps.config.billing.priceDiscover,
  });
  return { service, routes: billingRoutes(service), resolvers: billingResolvers };
}
