import type { MeaningCoverage } from '@patentscout/db';
import type { Viewer } from '../../shared/viewer.js';
import type { SearchFilters, SearchHit } from './engine/index.js';
import type { AnsweredResultSet } from './search-answer.js';
import type { SearchKind } from './search.types.js';
import type { SimilarPatentItem } from './similar-patents.js';

/** A patent's passages that contain the search's words, each word between the repo's markers. */
export interface PatentHighlight {
  lensId: string;
  passages: Array<{ field: 'title' | 'abstract' | 'claims'; text: string }>;
}

/** A search request that passed a search's checks, kept as data (a saved search stores it). */
export interface CheckedSearchRequest {
  kind: SearchKind;
  query: string;
  filters: SearchFilters;
}

/** A search's answer. */
export interface SearchOutcome {
  /** The specification's result set (all REST sends), with how an AI search read its text. */
  results: AnsweredResultSet;
}

/** The search feature's contract: what routes, resolvers, jobs and other features call. */
export interface SearchService {
  /** Checks a request as a search would (query, kind rules, filters) without running it. */
  checkRequest(kind: SearchKind, input: unknown): CheckedSearchRequest;
  /** A request of a bare query, without filters (a one-shot search's). */
  plainRequest(kind: SearchKind, query: string): CheckedSearchRequest;
  /**
   * The best `most` simple families of a checked request's matches, each its best-ranked match
   * with its other members, for the product's own work (weekly digests, deep one-shot searches):
   * not counted toward anyone's allowance and not recorded.
   */
  rankedMatches(request: CheckedSearchRequest, most: number): Promise<SearchHit[]>;
  /**
   * The ids of the best `most` simple families' best-ranked matches (a family counts once), and
   * how many publications and families matched (estimated beyond `most`), for aggregates over a
   * search (an analyst's landscape): not counted toward anyone's allowance and not recorded, but
   * run in one of the viewer's turns.
   */
  matchIds(
    viewer: Viewer | null,
    request: CheckedSearchRequest,
    most: number,
  ): Promise<{ lensIds: string[]; total: number; families: number; estimated: boolean }>;
  /** The user's latest AI and advanced searches, newest first, with the request to run them again. */
  recentSearches(
    viewer: Viewer | null,
    limit?: number,
  ): Promise<
    {
      id: string;
      kind: SearchKind;
      query: string;
      request: unknown;
      resultCount: number;
      createdAt: string;
    }[]
  >;
  /**
   * The passages of these results that contain the search's words (`MATCH_START`/`MATCH_END`
   * around each word). Not a search: nothing is counted, recorded or ranked, and the allowance is
   * not checked; a query that cannot be read answers no passages rather than an error.
   */
  matchHighlights(viewer: Viewer | null, input: unknown): Promise<PatentHighlight[]>;
  /** The patents nearest in meaning to one patent; not a search (nothing is counted). */
  similarPatents(input: { lensId: unknown; first?: unknown }): Promise<SimilarPatentItem[]>;
  /** How far the corpus's meaning goes: while missing or building, searches find by words alone. */
  meaningStatus(): Promise<MeaningCoverage>;
  /**
   * A kept result set by its id (the results page's address): any verified user may open it,
   * and it is not a search: nothing is counted or run.
   */
  replayResultSet(
    viewer: Viewer | null,
    id: string,
  ): Promise<{ kind: SearchKind; query: string; results: AnsweredResultSet }>;
  /**
   * A kept result set's exact counts, counted now when its answer had estimates, in the API's
   * shape. Not a search.
   */
  resultSetCounts(
    viewer: Viewer | null,
    id: string,
  ): Promise<{ total: number; group_by_count: number; estimated: boolean }>;
  purgeExpiredResultSets(): Promise<number>;
  /** Resolves once the result sets kept so far are written (before the server stops). */
  keptSetsWritten(): Promise<void>;
  /** The search's part in purging closed accounts: their kept result sets. */
  purgeAccounts(uids: readonly string[]): Promise<void>;
  /**
   * Refuses (SEARCHES_IN_PROGRESS, after the refusal's pause) a user whose turns are all taken
   * and whose queue is full, as the search itself would: the HTTP layer asks as soon as it knows
   * the caller, so a flood of refused requests costs no account check, body or database round
   * trip, and comes back at most once a second per open request (ADR 0126).
   */
  refuseWithoutTurn(viewer: Viewer): Promise<void>;
  aiSearch(viewer: Viewer | null, input: unknown): Promise<SearchOutcome>;
  booleanSearch(viewer: Viewer | null, input: unknown): Promise<SearchOutcome>;
}
