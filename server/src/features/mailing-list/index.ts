import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createMailingListRepo } from './mailing-list.repo.js';
import { mailingListRoutes } from './mailing-list.routes.js';
import { createMailingListService, type MailingListService } from './mailing-list.service.js';

export type { MailingListService } from './mailing-list.service.js';

/**
 * The waiting list. Production may send the form to an external form service instead
 * (`MAILING_LIST_URL`); this endpoint takes the same form-encoded fields. No sign-in is needed,
 * as with such a service.
 */
export function createMailingListFeature(deps: FeatureDeps): FeatureModule<MailingListService> {
  const service = createMailingListService({ repo: createMailingListRepo(deps.db) });
  return { service, routes: mailingListRoutes(service) };
}
