/**
 * The data package's public entry (ADR 0152, ADR 0184): everything the server and the indexer
 * use of the database, its client and routing, table types, migrations, list helpers, the search
 * row's contract and bulk build, and the patent vectors' contract (the logger and the job contract
 * are the platform's, `@patentscout/platform`). Nothing outside db/ imports another file of it, and each
 * name it exports is listed here: a new use outside db/ adds its name.
 */
export {
  createDb,
  createLocalCommitDb,
  migrateToLatest,
  pendingMigrations,
  poolUsageOf,
  DURABLE_COMMIT,
  type Db,
  type PoolUsage,
} from './client.js';
export { openCheckedDatabase, DatabaseUnreachable } from './open-database.js';
export type {
  Database,
  FamilyMemberJson,
  FavouriteRow,
  NewPatent,
  OneShotRequestsTable,
  PatentRow,
  SavedSearchesTable,
  UserRow,
} from './tables.js';
export type {
  CollectionMemberRow,
  CollectionRow,
  CollectionShareRow,
  PatentChangesTable,
} from './collection-tables.js';
export type { PlanSubscriptionsTable } from './billing-tables.js';
export { listItems, listText } from './lists.js';
export { deleteMatching, insertRows, selectOne } from './rows.js';
export {
  distributionStatements,
  DISTRIBUTED_TABLES,
  LOCAL_TABLES,
  REFERENCE_TABLES,
  REPLACED_ON_DISTRIBUTION,
} from './distribution.js';
export { createReadRouting, serverLabel, type ReadRouting } from './read-routing.js';
export type { PoolCounts, ReadObservation, ReadObserver, ReplicaState } from './observations.js';
export { migrationProvider } from './migrations/index.js';
export { buildDeferredSearchRows, deferSearchRows, type SearchRowBuild } from './search-row/build.js';
export { stageSearchRows } from './search-row/stage.js';
export { STAGE_CHUNK } from './search-row/rank-order.js';
export {
  meaningWords,
  normalize,
  textVector,
  patentRawVector,
  project,
  quantize,
  dequantize,
  dot,
  floatsToBytes,
  inverseFrequency,
  isStopWord,
  DIMENSIONS,
  type MeaningModel,
  type WordLookup,
} from './meaning/vectors.js';
export {
  readModel,
  readWords,
  readCorpusWords,
  readWordSenses,
  readPatentVectorsSince,
  storedWordLookup,
  wordMethodVectors,
  type StoredModel,
  type StoredWord,
} from './meaning/meaning-store.js';
export {
  openAiEmbedder,
  EmbeddingsUnavailable,
  WORD_VECTORS_METHOD,
  type EmbeddingsEndpoint,
  type TextEmbedder,
} from './meaning/embedder.js';
export { cellCount, nearestCell, nearestCells } from './meaning/cells.js';
export { seededRandom } from './meaning/seeded-random.js';
export { standApart, type WordSenses } from './meaning/word-senses.js';
export { readMeaningCoverage, MEANING_JOB, type MeaningCoverage } from './meaning/meaning-coverage.js';
