import { LRUCache } from 'lru-cache';
import { poolUsageOf, type Db } from '@patentscout/db';
import type { QueryNode } from '../query/ast.js';
import { advancedMatchCondition, advancedSearch } from './advanced.js';
import { aiSearch, countAiSearch, type AiSearchParts } from './ai-search.js';
import { cancelledAsTimedOut, checkStatementBudget, checkWildcardBudget } from './budget.js';
import { createCountCache, exactCountOnce } from './counts.js';
import { compileLensQuery } from './compile.js';
import { anyLexemeQuery, queryTextWords } from './highlight.js';
import { createMeaningSource } from './meaning/meaning-source.js';
import { CANDIDATE_BUDGET, COUNT_CACHE_ENTRIES, COUNTING, LEXEME_CACHE_ENTRIES } from './plan.js';
import { SEARCH_STATEMENT_TIMEOUT_MS, STATISTICS_REFRESH_MS } from './plan.js';
import { hitsByIds, type RankedCandidates } from './rank.js';
import { createSearchDb } from './row-order.js';
import type { SearchEngine, SearchEngineOptions, SearchPriority } from './search-engine.js';
import type { TermStats } from './statistics.js';
import { createClassVocabularySource, loadClassVocabulary } from './query-classes.js';
import { createTermStatsSource } from './term-stats.js';
import { expandWildcards, wildcardLexemes } from './wildcards.js';
import { lexemesOf, weightedTerms } from './words.js';

export type { SearchEngine, SearchEngineOptions, SearchPriority } from './search-engine.js';

/**
 * The engine's pools (its connections, its yielding connections, its meaning's scan threads) and
 * the dispatch of each request to the search that answers it.
 */
export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
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
  const meaning = createMeaningSource(db, {
    searches: options.meaning,
    embedder: options.embedder,
    threads: options.meaningThreads,
  });
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
  const classVocabulary = createClassVocabularySource(() => loadClassVocabulary(db), options.clock);
  const ai: AiSearchParts = { meaning, counts, lexemesOf: lexemesOfText, classVocabulary };
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
      timed('natural', priority, async () =>
        aiSearch(
          dbFor(priority),
          ai,
          { text, filters, maxResults, budget: budget(maxResults) },
          await statistics.current(),
        ),
      ),
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
        if ('text' in request) return countAiSearch(on, ai, request, stats);
        const where = advancedMatchCondition(
          await compileAdvanced(request.query, stats, on),
          request.filters,
        );
        // Joins the count begun beside the answer, if it still runs; the next answers of this
        // search (anyone's) say the exact counts at once.
        return exactCountOnce(on, where, COUNTING.deferredExactMs, counts);
      }),
    similar: ({ lensId, first }) =>
      withinStatementTimeout(async () =>
        meaning.similar(lensId, first, (await statistics.current()).frequency),
      ),
    hitsByIds: (lensIds) => withinStatementTimeout(() => hitsByIds(db, lensIds)),
    poolUsage: () => poolUsageOf(db),
    yieldingPoolUsage: () => (yieldingDb ? poolUsageOf(yieldingDb) : undefined),
    close: async () => {
      await meaning.close();
      await Promise.all([db.destroy(), yieldingDb?.destroy()]);
    },
  };
}
