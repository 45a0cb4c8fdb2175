export { createSearchRepo } from './search.repo.js';
export { createSearchService, SearchLimitReachedError, type SearchService } from './search.service.js';
export { searchRoutes } from './search.routes.js';
export { searchResolvers } from './search.resolvers.js';
export type { SearchResultSet, SearchResultItem } from './search.types.js';
export { createTermStatsSource } from './term-stats.js';
