import type { FeatureDeps, FeatureModule } from '../feature-module.js';
import { createMapRunner } from './map-runner.js';
import { mapsJobs } from './maps.jobs.js';
import { createMapsRepo } from './maps.repo.js';
import { mapsResolvers, type MapsContext } from './maps.resolvers.js';
import { createMapsService, type MapsService } from './maps.service.js';

export type { MapsService, ResultMap } from './maps.service.js';

/** Maps of answers and collections (ADR 0179). */
export function createMapsFeature(deps: FeatureDeps): FeatureModule<MapsService, MapsContext> {
  const service = createMapsService({
    repo: createMapsRepo(deps.localCommitDb, deps.reads.db),
    runner: createMapRunner(),
  });
  return { service, resolvers: mapsResolvers, jobs: mapsJobs(service, deps.clock), close: service.close };
}
