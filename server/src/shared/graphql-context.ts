import type { Viewer } from './viewer.js';

/**
 * What every GraphQL resolver is handed, one per request: the generated resolver types' context
 * (codegen's `contextType`), a leaf type, so that those types close no circle through the feature
 * registry. Each resolver file extends it with the services it reads (`Resolvers<ItsContext>`);
 * the server's context (`ResolverContext`, features/index.ts) has every feature's.
 */
export interface GraphQLContext {
  viewer: Viewer | null;
}

/** A resolver file's context: the request's, with the services those resolvers read. */
export interface ServicesContext<Services> extends GraphQLContext {
  services: Services;
}
