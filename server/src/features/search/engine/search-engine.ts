import type { PoolUsage, ReadRouting, TextEmbedder } from '@patentscout/db';
import type { Clock } from '../../../shared/clock.js';
import type { SearchObserver } from '../../../shared/observer.js';
import type { QueryNode } from '../query/ast.js';
import type { SearchFilters } from './filters.js';
import type { SimilarPatent } from './meaning/similar.js';
import type { RankedCandidates, SearchHit } from './rank.js';

/**
 * Which connections run a search's statements: `yielding` ones are Postgres backends at a low CPU
 * priority, for a user's searches beyond their first at once (ADR 0123); an engine without them
 * (an external database) runs every search on its ordinary connections.
 */
export type SearchPriority = 'normal' | 'yielding';

/**
 * The one search boundary: the rest of the product asks for ranked candidates and knows nothing
 * of words, statistics, tiers or plans.
 */
export interface SearchEngine {
  /** Natural-language search over the text's meaningful words. */
  natural(request: {
    text: string;
    filters: SearchFilters;
    maxResults: number;
    priority?: SearchPriority;
  }): Promise<RankedCandidates>;
  /**
   * A parsed Lens query; throws `QuerySyntaxError` for what parses but cannot be searched, and
   * `QueryTooComplexError` for what would cost more than a search may (budget.ts), before its
   * statement is sent. Every search throws `SearchTimedOutError` when a statement runs too long.
   */
  advanced(request: {
    query: QueryNode;
    filters: SearchFilters;
    maxResults: number;
    priority?: SearchPriority;
  }): Promise<RankedCandidates>;
  /**
   * The words a search matches by, as one tsquery text (any of them), for showing why a patent
   * matched: an AI search's kept words (as `natural` weighs them), an advanced query's text
   * words. Null when there are none. Runs no search.
   */
  matchWords(request: { text: string } | { query: QueryNode }): Promise<string | null>;
  /**
   * The exact counts of a search's matches (every one, beyond the candidate budget), for an
   * answer whose counts were estimated; null when counting takes longer than the engine allows.
   */
  countExactly(
    request: ({ text: string } | { query: QueryNode }) & {
      filters: SearchFilters;
      priority?: SearchPriority;
    },
  ): Promise<{ total: number; families: number } | null>;
  /**
   * The patents nearest in meaning to patent `lensId`, one per simple family, its own family left
   * out, each with why it is similar; null when no patent has that id, [] before any meaning was
   * derived. Not a search: nothing is counted.
   */
  similar(request: { lensId: string; first: number }): Promise<SimilarPatent[] | null>;
  /** The results of a stored result set, in its order (patents removed since are left out). */
  hitsByIds(lensIds: readonly string[]): Promise<SearchHit[]>;
  /** The usage of the engine's own connection pool (the server's metrics). */
  poolUsage(): PoolUsage | undefined;
  /** The usage of its yielding connections, when it has them. */
  yieldingPoolUsage(): PoolUsage | undefined;
  /** Closes the engine's connections and stops its scan threads. */
  close(): Promise<void>;
}

/** How an engine is made (createSearchEngine). */
export type SearchEngineOptions = (
  | { connectionString: string }
  /** Reads routed over the hot-standby replicas and the primary (the server's). */
  | { reads: ReadRouting }
) & {
  clock: Clock;
  maxConnections?: number;
  onIdleError?: (error: Error) => void;
  /** Told the duration of every search (the server's metrics). */
  observe?: SearchObserver;
  /** Whether AI search also finds by meaning (ADR 0150; true by default): false searches by words alone. */
  meaning?: boolean;
  /** Query vectors from a configured embeddings endpoint (ADR 0164); the stored words otherwise. */
  embedder?: TextEmbedder;
  /** Threads that scan for the nearest patents (ADR 0176; one per core but one by default); 0 scans on the caller's thread. */
  meaningThreads?: number;
  /** How long one statement of a search may run (`SEARCH_STATEMENT_TIMEOUT_MS` by default). */
  statementTimeoutMs?: number;
  /**
   * Runs a search on the ordinary connections when the search feature's admission lets it
   * (ADR 0124, 0159); at once without it. Yielding searches are not asked: their own
   * connections cap them.
   */
  admit?: <T>(search: () => Promise<T>) => Promise<T>;
  /**
   * Connections whose Postgres backends run at a low CPU priority (`niceness`, as `nice`), for
   * searches asked to yield; only for the database on this machine (the embedded one), never
   * routed. Their number also caps how many yielding statements run at once.
   */
  yielding?: {
    /** The database on this machine (the primary): never routed. */
    connectionString: string;
    connections: number;
    niceness: number;
    onRefused?: (error: Error) => void;
  };
};
