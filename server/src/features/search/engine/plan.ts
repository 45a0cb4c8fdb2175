import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { StatisticsColumn, ValueShares } from './statistics.js';
import type { MeaningTuning } from './meaning/meaning-index.js';

/**
 * The search engine's cost model and every constant tuned against it. The figures behind each
 * choice are in docs/benchmarks.md and the ADRs; this file says what each constant trades.
 *
 * The model, in short. A search keeps at most `CANDIDATE_BUDGET` candidates and ranks only those.
 * `patent_search` lies in static-rank order (row-order.ts), so a read that stops after the budget
 * has met the best candidates first. There are two ways to find matches:
 * - through an index (GIN for words and names, B-trees for filters): the index hands over every
 *   match before the first row is read, so its cost grows with all the matches of its terms, the
 *   ones beyond the budget included;
 * - in static-rank order, checking each row: the cost grows with the rows read until the budget
 *   is full, so it wins when matches are dense, and loses badly when they are sparse.
 * Each rule below picks one of the two from what the corpus statistics (term-stats.ts) say of the
 * words and filter values, because the planner cannot see the budget, nor the rank order.
 */

/** Candidates read and ranked per search; counts beyond it are the planner's estimate. */
export const CANDIDATE_BUDGET = 1000;

// --- Words (AI search) --------------------------------------------------------------------

/** A word in more than this share of patents is too common to find anything by itself. */
export const COMMON_WORD_SHARE = 0.2;
/** The rarest words of a long sentence carry its meaning; more would only slow the search. */
export const MAX_QUERY_TERMS = 8;
/**
 * The most vocabulary words a wildcard word may fit (ADR 0101): each becomes a lexeme of one
 * index read. An inner wildcard that fits more is refused; a trailing `*` falls back to a prefix
 * of the stems.
 */
export const WILDCARD_WORDS_CAP = 500;
/** A word missing from the statistics' common words counts as this much rarer than the rarest listed. */
export const UNLISTED_WORD_FACTOR = 0.5;
/** How often the word and value frequencies are read again from the planner's statistics. */
export const STATISTICS_REFRESH_MS = 10 * 60 * 1000;

// --- Ranking ------------------------------------------------------------------------------

/**
 * AI search: how much a query word counts, by the best field that holds it (times its rarity).
 * Presence is worth most of it, so that a rare word anywhere outweighs a common one in the title;
 * the field decides between documents with the same words.
 */
export const FIELD_SHARE = { title: 1, abstract: 0.85, claims: 0.6 } as const;
/** AI search: the static rank breaks ties between documents with the same words. */
export const STATIC_RANK_SHARE = 0.01;
/**
 * AI search: a query word found only among the words a record with little text learned from its
 * classes (ADR 0177) counts this much of its rarity, below any field of its own text.
 */
export const LEARNED_SHARE = 0.5;
/** AI search: the most patents found through their classes' words alone that join the candidates. */
export const LEARNED_CANDIDATES = 300;
/**
 * AI search: what agreeing with the classes the query speaks for adds (ADR 0181), times the
 * agreement (0 to 1) and the share of the text's weight that the best match leaves uncovered,
 * on the scale of the share a patent's words carry (0 to 1): among patents holding as much of a
 * plain-language text, those of its subject come first, and one of its subject holding a word
 * less can pass one of another subject; a text some patent holds whole (a known item) ranks as
 * by its words. `keep`: a class is kept with at least this share of the best class's votes;
 * `least`: the best class must explain this share of the query's weight (else the query speaks
 * for no class); `most` classes at most.
 */
export const CLASS_AGREEMENT = { share: 0.6, keep: 0.5, least: 0.2, most: 8 } as const;

/**
 * AI search: the classes its own first results agree on (ADR 0190). The first `depth` results
 * vote for their IPC main groups, each less the lower it stands (1 / sqrt(rank)); those results
 * are ordered again by their score (over the first's) plus `share` times their best group's votes
 * over the best group's, times the share of the text the best match leaves uncovered (the gate of
 * ADR 0181: a text some patent holds whole keeps its order), times the text's breadth: whole for
 * a subject named in up to `fullUpTo` words, none for a description of `noneFrom` words or more
 * (one invention, which its own words and meaning find), linear between.
 */
export const CLASS_FEEDBACK = { depth: 200, share: 0.5, fullUpTo: 6, noneFrom: 12 } as const;

// --- Meaning (meaning/, ADR 0150) -----------------------------------------------------------

/**
 * AI search: what closeness in meaning adds to the share of the text's weight that a patent's
 * words carry (0 to 1), times the share the best match's words leave uncovered: a text whose
 * words a patent holds ranks as by words alone, one whose words nothing holds ranks by meaning.
 */
export const MEANING_SHARE = 1.5;
/** AI search: the patents nearest in meaning that join the words' candidates. */
export const MEANING_CANDIDATES = 300;
/** Similar patents: the nearest read, before each family keeps its best and its own is left out. */
export const SIMILAR_CANDIDATES = 200;
/** The meaning index's reading of new vectors, and how it explains a text (meaning-index.ts). */
export const MEANING_INDEX: MeaningTuning = {
  refreshMs: 30_000,
  firstLoadWaitMs: 3_000,
  neighbourWords: 3,
  neighboursPerWord: 3,
  neighbourSimilarity: 0.65,
  queryEmbeddingTimeoutMs: 3_000,
  probedVectors: { share: 0.04, minimum: 20_000 },
};

/** Advanced search's ts_rank weights, in Postgres' {D, C, B, A} order: AI title and title 1, abstract 0.5, claims 0.2. */
export const RANK_WEIGHTS = sql.lit('{1.0, 0.2, 0.5, 1.0}');

// --- AI search's candidate tiers ------------------------------------------------------------

/** The "all words but one" tier is found through two of this many rarest words (tiers.ts). */
export const ALL_BUT_ONE_LEAD_WORDS = 3;
/** The pairs tier pairs up this many rarest words (6 index scans for 4; 10 for 5). */
export const PAIR_TIER_WORDS = 4;
/**
 * A tier is read in static-rank order, not through the GIN index, when at least this share of the
 * rows it passes is expected to match: the index path reads its words' whole postings lists and
 * then the rows, an ordered read stops when the budget is full. The two cost the same near 6 %.
 */
export const READ_IN_ORDER_DENSITY = 0.06;

// --- Advanced search's reads ----------------------------------------------------------------

/** When advanced search reads the table in static-rank order instead of through its indexes. */
export interface OrderedScanTuning {
  /** Searches that the planner expects to match at least this share of all patents are probed. */
  probeShare: number;
  /** How many rows, from the top of the static rank, the probe reads (a few milliseconds). */
  probeRows: number;
  /** An ordered read may take this many times the rows that the probed share needs for the budget. */
  margin: number;
  /** An ordered read of this many rows costs no more than a cheap index path. */
  baseRows: number;
  /**
   * Beyond `baseRows`, an ordered read may take this many rows per index entry that the index path
   * would read: an index path pays about a third of a row's read per entry, plus its rechecks.
   */
  rowsPerIndexEntry: number;
  /** Never more than this many rows in order. */
  maxRows: number;
}

export const ORDERED_SCAN: OrderedScanTuning = {
  probeShare: 0.002,
  probeRows: 5000,
  margin: 1.5,
  baseRows: 30_000,
  rowsPerIndexEntry: 1 / 3,
  maxRows: 100_000,
};

/**
 * The lower bound of the top of the static rank (about a sixth of patents: recent, in force or
 * pending, with an abstract and AI text), whose words have partial GIN indexes of their own. It
 * must equal the bound of those indexes (migrations 20261123T0200-top-rank-indexes and
 * 20261123T0400-text-country-top-index); row-order.test.ts fails when the planner stops using them.
 */
export const TOP_RANK_MIN = 0.91;

// --- Counting (counts.ts) ------------------------------------------------------------------

/** A fixed sample of the search index: one simple family in `buckets` (counts.ts). */
export interface CountingSample {
  table: 'patent_search_subsample' | 'patent_search_sample';
  buckets: number;
}

/** How a search whose candidates filled the budget counts its matches. */
export interface CountingTuning {
  /**
   * The samples, smallest first (migration 20261125T1000-search-sample): a broad search is
   * estimated from the small one at a fifth of the cost; the larger one serves the rest.
   */
  samples: readonly CountingSample[];
  /**
   * With matches of at least this many simple families in a sample, its estimate is used. A
   * sample holds whole families, so its independent draws are families: the relative error is
   * about sqrt((1 + cv²) / families), cv being the variation of the families' sizes (about 0.8
   * in the demo corpus, more for some applicants), so 5.2 % here, and 20 % is near four sigma.
   */
  minSampleFamilies: number;
  /**
   * With fewer in every sample, an exact count runs (up to `deferredExactMs`) beside the answer.
   * When the largest sample estimates fewer than `exactBelowFamilies` families, a rough estimate,
   * the answer, once ranked, waits this long at most for the exact count (ADR 0134): long enough
   * for a small corpus's, never for a long one at a million patents.
   */
  exactGraceMs: number;
  /** Below this many families (as the largest sample estimates them) the estimate is rough. */
  exactBelowFamilies: number;
  /** An exact count asked for afterwards (the results page's "about N") may take this long. */
  deferredExactMs: number;
}

/** Counts kept for searches run again (counts.ts), for STATISTICS_REFRESH_MS; about 200 bytes each. */
export const COUNT_CACHE_ENTRIES = 20_000;

/**
 * Search texts whose lexemes are kept (engine.ts): a text is at most 2,000 characters, so at most
 * a few megabytes, and most texts are a few words.
 */
export const LEXEME_CACHE_ENTRIES = 2_000;

export const COUNTING: CountingTuning = {
  samples: [
    { table: 'patent_search_subsample', buckets: 100 },
    { table: 'patent_search_sample', buckets: 20 },
  ],
  minSampleFamilies: 600,
  exactGraceMs: 50,
  exactBelowFamilies: 2_000,
  deferredExactMs: 30_000,
};

// --- Filters ------------------------------------------------------------------------------

/**
 * Above this share of patents a filter value's B-tree costs more than it saves: a search reads at
 * most its budget, while the index's bitmap holds every row with the value, and the planner, which
 * does not see the budget, would still AND that bitmap with a word's postings.
 */
export const BROAD_FILTER_SHARE = 0.02;
/**
 * Columns that the text index holds beside the words (`gin (text_vector, jurisdiction)`, migration
 * 20261123T0300-text-country-index): a search for words skips through a value's postings there.
 */
export const TEXT_INDEX_COLUMNS: readonly StatisticsColumn[] = ['jurisdiction'];
/** Up to this share of patents a value is left to the text index; broader ones are checked on the rows read. */
export const TEXT_INDEX_VALUE_SHARE = 0.1;
/** Up to this many IPC prefixes are separate LIKEs (each a range scan of the first-IPC index); more are one LIKE ANY. */
export const FEW_IPC_PREFIXES = 16;

// --- What one search may cost (budget.ts, ADR 0111) -------------------------------------------

/**
 * The engine's share of the query budget, checked before the search's SQL runs; the shared
 * parser checks the rest (`LENS_QUERY_LIMITS`: phrase length, proximity, terms, wildcard words).
 */
export const QUERY_BUDGET = {
  /**
   * Vocabulary words that all of a query's wildcard words fit together, each a lexeme of one index
   * read, and those shared with words that do not fit a check of the patent's text (one wildcard
   * may fit `WILDCARD_WORDS_CAP`).
   */
  wildcardWords: 1000,
  /**
   * Parameters of the search's statement (its condition and its ranking). The parser's limits keep
   * a query near 2,000 at most (200 terms; proximity phrases of 100 distances, 600); Postgres
   * would refuse more than 65,535 only when the statement is bound, after it was sent.
   */
  statementParameters: 5_000,
  /** Characters of the search's statement's SQL text (about 40 per parameter). */
  statementCharacters: 250_000,
} as const;

/**
 * How long one statement of a search (its ranking, its count, a probe) may run before Postgres
 * cancels it: the search then answers SEARCH_TIMED_OUT and gives its credit back. The searches of
 * the benchmarks take at most a few hundred milliseconds at a million patents; an exact count
 * asked for afterwards has its own allowance (`COUNTING.deferredExactMs`).
 */
export const SEARCH_STATEMENT_TIMEOUT_MS = 3_000;

// The search index's bulk build keeps its two constants beside it (@patentscout/db, search-row/rank-order.ts).

// --- Rules --------------------------------------------------------------------------------

/** Without statistics every value counts as rare, so that every filter may use its index. */
export const UNKNOWN_VALUE_SHARES: ValueShares = { share: () => 0, yearShare: () => 0 };

/**
 * The condition as is, or, when it holds for more than `BROAD_FILTER_SHARE` of patents, as
 * `IS TRUE` (the same truth, never NULL, the same estimate), which no index answers.
 */
export function indexedUnlessBroad(condition: RawBuilder<SqlBool>, share: number): RawBuilder<SqlBool> {
  return share > BROAD_FILTER_SHARE ? sql<SqlBool>`((${condition}) IS TRUE)` : condition;
}

/**
 * The shares as a search that reads the text index weighs them: values of `TEXT_INDEX_COLUMNS` up
 * to `TEXT_INDEX_VALUE_SHARE` count as rare, so that their condition stays where the index takes it.
 */
export function textIndexedShares(shares: ValueShares): ValueShares {
  return {
    ...shares,
    share: (column, values) => {
      const share = shares.share(column, values);
      return TEXT_INDEX_COLUMNS.includes(column) && share <= TEXT_INDEX_VALUE_SHARE ? 0 : share;
    },
  };
}
