import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createPatentsRepo } from './patents.repo.js';
import { patentsResolvers } from './patents.resolvers.js';
import { patentsRoutes } from './patents.routes.js';
import { createPatentsService, type PatentsService } from './patents.service.js';

export { PatentNotFoundError, type PatentDetail, type PatentsService } from './patents.service.js';

export function createPatentsFeature(deps: FeatureDeps): FeatureModule<PatentsService> {
  // Patent pages only read: a replica serves them when one is up.
  const service = createPatentsService({ repo: createPatentsRepo(deps.reads.db) });
  return { service, routes: patentsRoutes(service), resolvers: patentsResolvers };
}
