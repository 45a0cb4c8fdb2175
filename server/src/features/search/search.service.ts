import { AI_SEARCH_MIN_CHARACTERS } from '@patentscout/schema';
import { z } from 'zod';
import { ValidationError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { PlansService } from '../plans/index.js';
import {
  FILTER_INPUTS,
  NO_FILTERS,
  type RankedCandidates,
  type SearchEngine,
  type SearchFilters,
  type SearchHit,
  type SearchPriority,
} from './engine/index.js';
import type { SearchAdmission } from './admission.js';
import { checkLensQuery, parseLensQuery } from './query/parser.js';
import type { ResultSets } from './result-sets.service.js';
import { searchKeyOf } from './search-key.js';
import { similarPatents } from './similar-patents.js';
import { checkedAnswer, countsAnswer, type AnsweredResultSet } from './search-answer.js';
import type { SearchRepo } from './search.repo.js';
import type { SearchKind } from './search.types.js';

/** The specification's search request: the query and every filter the engine knows. */
const SearchRequest = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Please enter a search query.')
    .max(2000, 'The search query is too long (2,000 characters at most).'),
  ...FILTER_INPUTS,
});

/** The most results one highlight request covers: a page of cards on the results page. */
export const HIGHLIGHT_MAX_IDS = 25;

/** A request for the passages that matched a search's words, for a page of its results. */
const HighlightRequest = z.object({
  kind: z.enum(['ai', 'boolean']),
  query: SearchRequest.shape.query,
  lensIds: z
    .array(z.string().trim().min(1).max(100))
    .max(HIGHLIGHT_MAX_IDS, `At most ${HIGHLIGHT_MAX_IDS} patents can be highlighted at once.`),
});

/** A patent's passages that contain the search's words, each word between the repo's markers. */
export interface PatentHighlight {
  lensId: string;
  passages: Array<{ field: 'title' | 'abstract' | 'claims'; text: string }>;
}

export type SearchRequestInput = z.input<typeof SearchRequest>;

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

export function createSearchService(deps: {
  repo: SearchRepo;
  engine: SearchEngine;
  maxResults: number;
  /** The plan's allowance: every search is reserved there before it runs. */
  allowance: Pick<PlansService, 'reserveSearch' | 'completeSearch' | 'releaseSearch' | 'recentSearches'>;
  resultSets: ResultSets;
  /** When searches run, and at which priority: the viewer's turns (admission.ts). */
  admission: SearchAdmission;
}) {
  const { repo, engine, maxResults, allowance, resultSets, admission } = deps;
  /** Work on the search index in one of the viewer's turns, at the priority it gives. */
  const inTurn = <T>(viewer: Viewer | null, work: (priority: SearchPriority) => Promise<T>): Promise<T> =>
    admission.inTurn(viewer?.uid ?? null, work);

  function checkRequest(kind: SearchKind, input: unknown): CheckedSearchRequest {
    const { query, ...filters } = parseInput(SearchRequest, input);
    if (kind === 'ai' && query.length < AI_SEARCH_MIN_CHARACTERS) {
      throw new ValidationError(
        `Please enter at least ${AI_SEARCH_MIN_CHARACTERS} characters`,
        'QUERY_TOO_SHORT',
      );
    }
    // An advanced query that cannot be read, or that the search would refuse once read (the
    // checks the browser runs too), is refused here with its position, before it is counted.
    if (kind === 'boolean') checkLensQuery(parseLensQuery(query));
    return { kind, query, filters };
  }

  function ranked(
    request: CheckedSearchRequest,
    most: number,
    priority: SearchPriority = 'normal',
  ): Promise<RankedCandidates> {
    const { kind, query, filters } = request;
    return kind === 'boolean'
      ? engine.advanced({ query: parseLensQuery(query), filters, maxResults: most, priority })
      : engine.natural({ text: query, filters, maxResults: most, priority });
  }

  async function search(
    kind: SearchKind,
    viewer: Viewer | null,
    input: unknown,
    priority: SearchPriority,
  ): Promise<SearchOutcome> {
    assertVerified(viewer);
    const request = checkRequest(kind, input);
    const searchKey = searchKeyOf(request);
    // The same search again within a day (a reload, a shared link, "Run again") costs no credit,
    // and replays the answer it had.
    const reservation = await allowance.reserveSearch(viewer.uid, {
      kind,
      query: request.query,
      request: input,
      searchKey,
    });
    if (reservation.id === null) {
      const stored = await resultSets.latest(viewer.uid, searchKey, reservation.repeatSince);
      if (stored) return { results: checkedAnswer(kind, stored.found, stored.id) };
    }
    let results: SearchOutcome['results'];
    try {
      const found = await ranked(request, maxResults, priority);
      results = checkedAnswer(kind, found, resultSets.keep(viewer.uid, searchKey, request, found));
    } catch (error) {
      await allowance.releaseSearch(reservation);
      throw error;
    }
    allowance.completeSearch(reservation, results.total);
    return { results };
  }

  return {
    /** Checks a request as a search would (query, kind rules, filters) without running it. */
    checkRequest,
    /** A request of a bare query, without filters (a one-shot search's). */
    plainRequest: (kind: SearchKind, query: string): CheckedSearchRequest => ({
      kind,
      query,
      filters: NO_FILTERS,
    }),
    /**
     * The best `most` simple families of a checked request's matches, each its best-ranked match
     * with its other members, for the product's own work (weekly digests, deep one-shot searches):
     * not counted toward anyone's allowance and not recorded.
     */
    rankedMatches: async (request: CheckedSearchRequest, most: number): Promise<SearchHit[]> =>
      (await ranked(request, most)).hits,
    /**
     * The ids of the best `most` simple families' best-ranked matches (a family counts once), and
     * how many publications and families matched (estimated beyond `most`), for aggregates over a
     * search (an analyst's landscape): not counted toward anyone's allowance and not recorded, but
     * run in one of the viewer's turns.
     */
    async matchIds(
      viewer: Viewer | null,
      request: CheckedSearchRequest,
      most: number,
    ): Promise<{ lensIds: string[]; total: number; families: number; estimated: boolean }> {
      const found = await inTurn(viewer, (priority) => ranked(request, most, priority));
      return {
        lensIds: found.hits.map((hit) => hit.lens_id),
        total: found.total,
        families: found.families,
        estimated: found.estimated,
      };
    },
    /** The user's latest AI and advanced searches, newest first, with the request to run them again. */
    async recentSearches(viewer: Viewer | null, limit = 50) {
      assertVerified(viewer);
      return (await allowance.recentSearches(viewer.uid, limit)).map((row) => ({
        id: String(row.id),
        kind: row.kind as SearchKind,
        query: row.query,
        request: row.request,
        resultCount: row.result_count,
        createdAt: new Date(row.created_at).toISOString(),
      }));
    },
    /**
     * The passages of these results that contain the search's words (`MATCH_START`/`MATCH_END`
     * around each word). Not a search: nothing is counted, recorded or ranked, and the allowance is
     * not checked; a query that cannot be read answers no passages rather than an error.
     */
    async matchHighlights(viewer: Viewer | null, input: unknown): Promise<PatentHighlight[]> {
      assertVerified(viewer);
      const { kind, query, lensIds } = parseInput(HighlightRequest, input);
      const ids = [...new Set(lensIds)];
      if (ids.length === 0) return [];
      let words: string | null;
      if (kind === 'ai') words = await engine.matchWords({ text: query });
      else {
        let parsed;
        try {
          parsed = parseLensQuery(query);
          // What a search would refuse as too costly is not read for highlights either.
          checkLensQuery(parsed);
        } catch {
          return [];
        }
        words = await engine.matchWords({ query: parsed });
      }
      if (words === null) return [];
      const rows = new Map((await repo.highlights(ids, words)).map((row) => [row.lens_id, row]));
      return ids.flatMap((id) => {
        const row = rows.get(id);
        if (!row) return [];
        const passages = (['title', 'abstract', 'claims'] as const).flatMap((field) => {
          const text = row[field];
          return text ? [{ field, text }] : [];
        });
        return passages.length > 0 ? [{ lensId: id, passages }] : [];
      });
    },
    /**
     * A kept result set by its id (the results page's address): any verified user may open it,
     * and it is not a search: nothing is counted or run.
     */
    /** The patents nearest in meaning to one patent; not a search (nothing is counted). */
    similarPatents: (input: { lensId: unknown; first?: unknown }) => similarPatents(engine, input),

    async replayResultSet(viewer: Viewer | null, id: string) {
      assertVerified(viewer);
      const set = await resultSets.replay(id);
      return { kind: set.kind, query: set.query, results: checkedAnswer(set.kind, set.found, set.id) };
    },
    /**
     * A kept result set's exact counts, counted now when its answer had estimates, in the API's
     * shape. Not a search.
     */
    async resultSetCounts(viewer: Viewer | null, id: string) {
      assertVerified(viewer);
      return countsAnswer(await inTurn(viewer, (priority) => resultSets.exactCounts(id, priority)));
    },
    purgeExpiredResultSets: () => resultSets.purgeExpired(),
    /** Resolves once the result sets kept so far are written (before the server stops). */
    keptSetsWritten: () => resultSets.settled(),
    /** The search's part in purging closed accounts: their kept result sets. */
    purgeAccounts: (uids: readonly string[]) => resultSets.purgeAccounts(uids),
    /**
     * Refuses (SEARCHES_IN_PROGRESS, after the refusal's pause) a user whose turns are all taken
     * and whose queue is full, as the search itself would: the HTTP layer asks as soon as it knows
     * the caller, so a flood of refused requests costs no account check, body or database round
     * trip, and comes back at most once a second per open request (ADR 0126).
     */
    refuseWithoutTurn: (viewer: Viewer): Promise<void> => admission.refuseWhenFull(viewer.uid),
    aiSearch: (viewer: Viewer | null, input: unknown) =>
      inTurn(viewer, (priority) => search('ai', viewer, input, priority)),
    booleanSearch: (viewer: Viewer | null, input: unknown) =>
      inTurn(viewer, (priority) => search('boolean', viewer, input, priority)),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
