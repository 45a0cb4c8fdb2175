/**
 * The search engine's public entry: the engine for the search service, the filter list for the
 * request schema, and the meaning arithmetic it searches with (the data package's, ADR 0152;
 * the indexer takes it and the search index's bulk build from `@patentscout/db` directly).
 * Published to scripts/ and tests/ as `@patentscout/server/search-engine`. Nothing outside
 * `engine/` imports another engine file, but the engine's test kit (`testing/search-engine-kit.ts`).
 */
export { createSearchEngine, type SearchEngine, type SearchPriority } from './engine.js';
export { FILTER_INPUTS, NO_FILTERS, SEARCH_FILTERS, type FilterName, type SearchFilters } from './filters.js';
export type { SearchExplanation } from './explain.js';
export type { RankedCandidates, SearchHit } from './rank.js';
export type { SimilarPatent, SimilarityReasons } from './meaning/similar.js';
export {
  DIMENSIONS,
  dequantize,
  dot,
  floatsToBytes,
  isStopWord,
  meaningWords,
  normalize,
  patentRawVector,
  project,
  quantize,
  type MeaningModel,
  type WordLookup,
  readModel,
  readWords,
  wordMethodVectors,
  EmbeddingsUnavailable,
  openAiEmbedder,
  WORD_VECTORS_METHOD,
  type EmbeddingsEndpoint,
  type TextEmbedder,
} from '@patentscout/db';
