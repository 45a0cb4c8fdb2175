import type { Clock } from '../../../shared/clock.js';
import type { QueryNode } from '../query/ast.js';
import { advancedSearch } from './advanced.js';
import { compileLensQuery } from './compile.js';
import { explainNaturalSearch } from './explain.js';
import type { SearchFilters } from './filters.js';
import { naturalSearch } from './natural.js';
import { CANDIDATE_BUDGET } from './plan.js';
import type { RankedCandidates } from './rank.js';
import { createSearchDb } from './row-order.js';
import { createTermStatsSource } from './term-stats.js';
import { lexemesOf, weightedTerms } from './words.js';

/**
 * The one search boundary: the rest of the product asks for ranked candidates and knows nothing
 * of words, statistics, tiers or plans.
 */
export interface SearchEngine {
  /** Natural-language search over the text's meaningful words. */
  natural(request: { text: string; filters: SearchFilters; maxResults: number }): Promise<RankedCandidates>;
  /** A parsed Lens query; throws `QuerySyntaxError` for what parses but cannot be searched. */
  advanced(request: {
    query: QueryNode;
    filters: SearchFilters;
    maxResults: number;
  }): Promise<RankedCandidates>;
  /** Closes the engine's connections. */
  close(): Promise<void>;
}

export function createSearchEngine(options: {
  connectionString: string;
  clock: Clock;
  maxConnections?: number;
  onIdleError?: (error: Error) => void;
}): SearchEngine {
  const db = createSearchDb(options.connectionString, options.maxConnections ?? 10, options.onIdleError);
  const statistics = createTermStatsSource(db, options.clock);
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);

  return {
    async natural({ text, filters, maxResults }) {
      const stats = await statistics.current();
      const terms = weightedTerms(await lexemesOf(db, text), stats);
      const found = await naturalSearch(
        db,
        { terms, filters, maxResults, budget: budget(maxResults) },
        stats,
      );
      // Explained from the words already weighed: no query, a few microseconds.
      return { ...found, explanation: explainNaturalSearch(text, terms) };
    },
    async advanced({ query, filters, maxResults }) {
      const stats = await statistics.current();
      const compiled = compileLensQuery(query, stats);
      return advancedSearch(db, { compiled, filters, maxResults, budget: budget(maxResults) }, stats);
    },
    close: () => db.destroy(),
  };
}
