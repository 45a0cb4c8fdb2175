export { createAccountsRepo } from './accounts.repo.js';
export {
  createAccountsService,
  AccountNotFoundError,
  type Account,
  type AccountsService,
  type Viewer,
} from './accounts.service.js';
export { accountsRoutes } from './accounts.routes.js';
export { accountsResolvers } from './accounts.resolvers.js';
