/**
 * The data package's public entry (ADR 0152): everything the server and the indexer use of the
 * database, its client and routing, table types, migrations, list helpers, the search row's
 * contract and bulk build, the patent vectors' contract, and the job and logging contracts the
 * indexer shares with the server. Nothing outside db/ imports another file of it.
 */
export * from './client.js';
export * from './open-database.js';
export * from './tables.js';
export * from './collection-tables.js';
export * from './billing-tables.js';
export * from './lists.js';
export * from './distribution.js';
export * from './read-routing.js';
export * from './replica-lag.js';
export type * from './observations.js';
export { migrationProvider } from './migrations/index.js';
export * from './search-row/build.js';
export * from './search-row/stage.js';
export { REINDEX_SHARE, STAGE_CHUNK } from './search-row/rank-order.js';
export * from './meaning/vectors.js';
export * from './meaning/meaning-store.js';
export * from './meaning/embedder.js';
export * from './meaning/cells.js';
export { seededRandom } from './meaning/seeded-random.js';
export * from './meaning/word-senses.js';
export * from './meaning/meaning-coverage.js';
export * from './logger.js';
export type * from './jobs.js';
