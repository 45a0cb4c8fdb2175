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
  type SearchHit,
  type SearchPriority,
} from './engine/index.js';
import type { SearchAdmission } from './admission.js';
import { checkLensQuery, parseLensQuery } from './query/parser.js';
import type {
  CheckedSearchRequest,
  PatentHighlight,
  SearchOutcome,
  SearchService,
} from './search.contract.js';
import type { ResultSets } from './result-sets.service.js';
import { searchKeyOf } from './search-key.js';
import { similarPatents } from './similar-patents.js';
import { checkedAnswer, countsAnswer } from './search-answer.js';
import type { SearchRepo } from './search.repo.js';
import type { SearchKind } from './search.types.js';

/** A search's words as a request carries them (a one-shot's too), with what to say when none. */
export function searchQueryText(whenEmpty: string) {
  return z
    .string()
    .trim()
    .min(1, whenEmpty)
    .max(2000, 'The search query is too long (2,000 characters at most).');
}

/** The specification's search request: the query and every filter the engine knows. */
const SearchRequest = z.object({
  query: searchQueryText('Please enter a search query.'),
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

export type SearchRequestInput = z.input<typeof SearchRequest>;

export function createSearchService(deps: {
  repo: SearchRepo;
  engine: SearchEngine;
  maxResults: number;
  /** The plan's allowance: every search is reserved there before it runs. */
  allowance: Pick<PlansService, 'reserveSearch' | 'completeSearch' | 'releaseSearch' | 'recentSearches'>;
  resultSets: ResultSets;
  /** When searches run, and at which priority: the viewer's turns (admission.ts). */
  admission: SearchAdmission;
  /** How far the corpus's meaning goes (meaning-status.ts). */
  meaningStatus: SearchService['meaningStatus'];
}): SearchService {
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
    checkRequest,
    plainRequest: (kind: SearchKind, query: string): CheckedSearchRequest => ({
      kind,
      query,
      filters: NO_FILTERS,
    }),
    rankedMatches: async (request: CheckedSearchRequest, most: number): Promise<SearchHit[]> =>
      (await ranked(request, most)).hits,
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
    similarPatents: (input: { lensId: unknown; first?: unknown }) => similarPatents(engine, input),
    meaningStatus: deps.meaningStatus,

    async replayResultSet(viewer: Viewer | null, id: string) {
      assertVerified(viewer);
      const set = await resultSets.replay(id);
      return { kind: set.kind, query: set.query, results: checkedAnswer(set.kind, set.found, set.id) };
    },
    async resultSetCounts(viewer: Viewer | null, id: string) {
      assertVerified(viewer);
      return countsAnswer(await inTurn(viewer, (priority) => resultSets.exactCounts(id, priority)));
    },
    purgeExpiredResultSets: () => resultSets.purgeExpired(),
    keptSetsWritten: () => resultSets.settled(),
    purgeAccounts: (uids: readonly string[]) => resultSets.purgeAccounts(uids),
    refuseWithoutTurn: (viewer: Viewer): Promise<void> => admission.refuseWhenFull(viewer.uid),
    aiSearch: (viewer: Viewer | null, input: unknown) =>
      inTurn(viewer, (priority) => search('ai', viewer, input, priority)),
    booleanSearch: (viewer: Viewer | null, input: unknown) =>
      inTurn(viewer, (priority) => search('boolean', viewer, input, priority)),
  };
}
