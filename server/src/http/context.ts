import type { Services } from '../services.js';
import type { Viewer } from '../shared/viewer.js';

export interface GraphQLContext {
  viewer: Viewer | null;
  services: Services;
}
