import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import { poolUsageOf, type Db, type PoolUsage, type ReadRouting } from '@patentscout/db';
import type { Clock } from '../../../shared/clock.js';
import type { SearchObserver } from '../../../shared/observer.js';
import type { QueryNode } from '../query/ast.js';
import { advancedMatchCondition, advancedSearch } from './advanced.js';
import { cancelledAsTimedOut, checkStatementBudget, checkWildcardBudget } from './budget.js';
import { createCountCache, exactCountOnce } from './counts.js';
import { compileLensQuery } from './compile.js';
import { explainNaturalSearch } from './explain.js';
import type { SearchFilters } from './filters.js';
import { anyLexemeQuery, queryTextWords } from './highlight.js';
import { meaningOnlyCount } from './meaning-blend.js';
import { naturalMatchCondition, naturalSearch, whilePostgresWorks } from './natural.js';
import {
  CANDIDATE_BUDGET,
  COUNT_CACHE_ENTRIES,
  COUNTING,
  LEXEME_CACHE_ENTRIES,
  MEANING_CANDIDATES,
  MEANING_INDEX,
  SIMILAR_CANDIDATES,
  SEARCH_STATEMENT_TIMEOUT_MS,
  STATISTICS_REFRESH_MS,
} from './plan.js';
import { hitsByIds, type RankedCandidates, type SearchHit } from './rank.js';
import { createSearchDb } from './row-order.js';
import type { TermStats } from './statistics.js';
import { createTermStatsSource } from './term-stats.js';
import { expandWildcards, wildcardLexemes } from './wildcards.js';
import type { TextEmbedder } from '@patentscout/db';
import { createMeaningIndex } from './meaning/meaning-index.js';
import { similarPatents, type SimilarPatent } from './similar.js';
import { lexemesOf, weightedTerms } from './words.js';

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
  /** Closes the engine's connections. */
  close(): Promise<void>;
}

export function createSearchEngine(
  options: (
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
  },
): SearchEngine {
  const timeoutMs = options.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS;
  const db = createSearchDb('reads' in options ? options.reads : options.connectionString, {
    maxConnections: options.maxConnections ?? 10,
    onIdleError: options.onIdleError,
    statementTimeoutMs: timeoutMs,
  });
  const yieldingDb = options.yielding
    ? createSearchDb(options.yielding.connectionString, {
        maxConnections: options.yielding.connections,
        onIdleError: options.onIdleError,
        statementTimeoutMs: timeoutMs,
        backendNiceness: options.yielding.niceness,
        onNicenessRefused: options.yielding.onRefused,
      })
    : undefined;
  const dbFor = (priority: SearchPriority | undefined): Db =>
    priority === 'yielding' && yieldingDb ? yieldingDb : db;
  const withinStatementTimeout = <T>(work: () => Promise<T>) => cancelledAsTimedOut(work, timeoutMs);
  const statistics = createTermStatsSource(db, options.clock);
  const meaning = createMeaningIndex(db, MEANING_INDEX, options.embedder);
  const budget = (maxResults: number) => Math.max(CANDIDATE_BUDGET, maxResults);
  const counts = createCountCache({ ttlMs: STATISTICS_REFRESH_MS, max: COUNT_CACHE_ENTRIES });
  // A text's lexemes depend on the text alone (the 'english' configuration, fixed by the schema):
  // a text searched again (with other filters, by another user, for its highlights or its exact
  // count) costs no round trip to Postgres (ADR 0127).
  const knownLexemes = new LRUCache<string, readonly string[]>({ max: LEXEME_CACHE_ENTRIES });
  const lexemesOfText = async (on: Db, text: string): Promise<string[]> => {
    const known = knownLexemes.get(text);
    if (known) return [...known];
    const found = await lexemesOf(on, text);
    knownLexemes.set(text, found);
    return [...found];
  };
  const timed = async (
    engine: 'natural' | 'advanced',
    priority: SearchPriority | undefined,
    search: () => Promise<RankedCandidates>,
  ): Promise<RankedCandidates> => {
    const started = performance.now();
    const run = () => withinStatementTimeout(search);
    const answer = await (dbFor(priority) === db && options.admit ? options.admit(run) : run());
    options.observe?.({ engine, estimated: answer.estimated, seconds: (performance.now() - started) / 1000 });
    return answer;
  };

  /** The patents nearest to a text in meaning, as AI search ranks them (none without meaning). */
  const nearestIds = async (text: string): Promise<string[]> => {
    const understood = options.meaning === false ? null : await meaning.meaningOf(text);
    return understood
      ? meaning.nearest(understood.vector, MEANING_CANDIDATES).map((entry) => entry.lensId!)
      : [];
  };

  // The wildcard words looked up in the vocabulary first: the compiler cannot read it. What they
  // fit and the statement's size are checked before the statement is sent.
  const compileAdvanced = async (query: QueryNode, stats: TermStats, on: Db = db) => {
    const words = await expandWildcards(on, query);
    checkWildcardBudget(words);
    const compiled = compileLensQuery(query, stats, words);
    checkStatementBudget(on, compiled);
    return compiled;
  };

  return {
    natural: ({ text, filters, maxResults, priority }) =>
      timed('natural', priority, async () => {
        const on = dbFor(priority);
        const stats = await statistics.current();
        const [lexemes, understood] = await Promise.all([
          lexemesOfText(on, text),
          options.meaning === false ? null : meaning.meaningOf(text),
        ]);
        const terms = weightedTerms(lexemes, stats);
        const searching = naturalSearch(
          on,
          {
            terms,
            filters,
            maxResults,
            budget: budget(maxResults),
            counts,
            meaning: understood
              ? () => {
                  const nearest = meaning.nearest(understood.vector, MEANING_CANDIDATES);
                  return {
                    lensIds: nearest.map((entry) => entry.lensId!),
                    similarities: nearest.map((entry) => entry.similarity),
                    floor: nearest.at(-1)?.similarity ?? 0,
                  };
                }
              : undefined,
          },
          stats,
        );
        // Explained while Postgres ranks: the words already weighed, the meaning's neighbour words
        // (tens of milliseconds of JavaScript at a million). Those wait for the immediate after
        // the one that finds the nearest patents, so that the ranking statement is sent first.
        const explanation = explainNaturalSearch(text, terms);
        const alsoSearched = understood
          ? await whilePostgresWorks(() => whilePostgresWorks(() => understood.alsoSearched()))
          : [];
        const { flagged = [], throughClassification = [], ...answer } = await searching;
        return {
          ...answer,
          explanation: understood
            ? { ...explanation, throughClassification, meaning: { alsoSearched, foundByMeaning: flagged } }
            : { ...explanation, throughClassification },
        };
      }),
    advanced: ({ query, filters, maxResults, priority }) =>
      timed('advanced', priority, async () => {
        const on = dbFor(priority);
        const stats = await statistics.current();
        const compiled = await compileAdvanced(query, stats, on);
        return advancedSearch(
          on,
          { compiled, filters, maxResults, budget: budget(maxResults), counts },
          stats,
        );
      }),
    matchWords: (request) =>
      withinStatementTimeout(async () => {
        if ('text' in request) {
          const stats = await statistics.current();
          const terms = weightedTerms(await lexemesOfText(db, request.text), stats);
          return anyLexemeQuery(terms.map((term) => term.lexeme));
        }
        return anyLexemeQuery([
          ...(await lexemesOfText(db, queryTextWords(request.query).join(' '))),
          ...wildcardLexemes(await expandWildcards(db, request.query)),
        ]);
      }),
    countExactly: (request) =>
      withinStatementTimeout(async () => {
        const on = dbFor(request.priority);
        const stats = await statistics.current();
        if ('text' in request) {
          const terms = weightedTerms(await lexemesOfText(on, request.text), stats);
          if (terms.length === 0) return { total: 0, families: 0 };
          // The words' count is the one words alone make (and may be running or cached already);
          // the patents nearest in meaning that hold none of the words were matches of the
          // answer too, counted apart as the answer counted them (ADR 0166).
          const [byWords, byMeaning] = await Promise.all([
            exactCountOnce(
              on,
              naturalMatchCondition(terms, request.filters),
              COUNTING.deferredExactMs,
              counts,
            ),
            nearestIds(request.text).then((ids) => meaningOnlyCount(on, terms, request.filters, ids)),
          ]);
          return byWords
            ? { total: byWords.total + byMeaning.total, families: byWords.families + byMeaning.families }
            : null;
        }
        const where = advancedMatchCondition(
          await compileAdvanced(request.query, stats, on),
          request.filters,
        );
        // Joins the count begun beside the answer, if it still runs; the next answers of this
        // search (anyone's) say the exact counts at once.
        return exactCountOnce(on, where, COUNTING.deferredExactMs, counts);
      }),
    similar: ({ lensId, first }) =>
      withinStatementTimeout(async () => {
        const { rows } = await sql<{ found: boolean }>`
          SELECT EXISTS (SELECT 1 FROM patent_search WHERE lens_id = ${lensId}) AS found`.execute(db);
        if (!rows[0]?.found) return null;
        const vector = await meaning.vectorOf(lensId);
        if (!vector) return [];
        const stats = await statistics.current();
        return similarPatents(
          db,
          lensId,
          meaning.nearest(vector, SIMILAR_CANDIDATES),
          first,
          stats.frequency,
        );
      }),
    hitsByIds: (lensIds) => withinStatementTimeout(() => hitsByIds(db, lensIds)),
    poolUsage: () => poolUsageOf(db),
    yieldingPoolUsage: () => (yieldingDb ? poolUsageOf(yieldingDb) : undefined),
    close: async () => {
      meaning.close();
      await Promise.all([db.destroy(), yieldingDb?.destroy()]);
    },
  };
}
