import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createPatentsRepo } from './patents.repo.js';
import { patentsResolvers, type PatentsContext } from './patents.resolvers.js';
import { patentsRoutes } from './patents.routes.js';
import { createPatentsService, type PatentsService } from './patents.service.js';

export { PatentNotFoundError, type PatentsService } from './patents.service.js';
export type { PatentDetail } from './patents.model.js';

export function createPatentsFeature(deps: FeatureDeps): FeatureModule<PatentsService, PatentsContext> {
  // Patent pages only read: a replica serves them when one is up.
  const service = createPatentsService({ repo: createPatentsRepo(deps.reads.db) });
  return { service, routes: patentsRoutes(service), resolvers: patentsResolvers };
}
