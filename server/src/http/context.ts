import type { Services } from '../features/index.js';
import type { Viewer } from '../shared/viewer.js';

export interface GraphQLContext {
  viewer: Viewer | null;
  services: Services;
}
