export { createPatentsRepo } from './patents.repo.js';
export {
  createPatentsService,
  PatentNotFoundError,
  type PatentDetail,
  type PatentsService,
} from './patents.service.js';
export { patentsRoutes } from './patents.routes.js';
export { patentsResolvers } from './patents.resolvers.js';
