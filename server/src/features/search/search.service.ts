import {
  AI_SEARCH_MIN_CHARACTERS,
  LEGAL_STATUSES,
  toStoredPatentStatus,
  YEAR_MAX,
  YEAR_MIN,
} from '@patentscout/schema';
import { z } from 'zod';
import type { Clock } from '../../shared/clock.js';
import { AppError, NotAuthenticatedError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { Viewer } from '../accounts/index.js';
import { compileLensQuery } from './query/compile.js';
import { parseLensQuery } from './query/parser.js';
import type { SearchHitRow, SearchRepo, SearchRows, WeightedLexeme } from './search.repo.js';
import type { TermStats, TermStatsSource } from './term-stats.js';
import {
  SearchResultSetSchema,
  type SearchFilters,
  type SearchKind,
  type SearchResultSet,
} from './search.types.js';

const year = z
  .number()
  .int()
  .min(YEAR_MIN, `Years must be ${YEAR_MIN} or later.`)
  .max(YEAR_MAX, `Years must be ${YEAR_MAX} or earlier.`);

const SearchRequest = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'Please enter a search query.')
    .max(2000, 'The search query is too long (2,000 characters at most).'),
  ipc_filters: z
    .array(
      z
        .string()
        .trim()
        .regex(
          /^[A-H](\d{2}([A-Z](\d{1,4}(\/\d{1,6})?)?)?)?$/i,
          'IPC filters must be IPC codes such as A61K or H01M10/05.',
        ),
    )
    .max(1000)
    .nullish(),
  legal_status: z
    .array(
      z.string().refine((value) => toStoredPatentStatus(value) !== undefined, {
        message: `Legal status must be one of: ${LEGAL_STATUSES.map((status) => status.value).join(', ')}.`,
      }),
    )
    .nullish(),
  jurisdiction: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Countries must be two-letter codes such as US or AU.'),
    )
    .max(300)
    .nullish(),
  years: z
    .tuple([year, year], { message: 'Years must be two numbers: [from, to].' })
    .nullish()
    .refine((years) => !years || years[0] <= years[1], 'The "from" year cannot be after the "to" year.'),
});

/** A word in more than this share of patents is too common to find anything by itself. */
const COMMON_WORD_SHARE = 0.2;
/** The rarest words of a long sentence carry its meaning; more would only slow the search. */
const MAX_QUERY_TERMS = 8;

export type SearchRequestInput = z.input<typeof SearchRequest>;

/** A checked search answer, serialised once: REST sends the text as it is, GraphQL reads it back. */
export interface SearchAnswer {
  json: string;
  read(): SearchResultSet;
}

export class SearchLimitReachedError extends AppError {
  constructor(limit: number) {
    super(
      'PAYMENT_REQUIRED',
      `You've used your ${limit} free searches this month. Upgrade to the Discover plan to keep searching.`,
    );
  }
}

export function createSearchService(deps: {
  repo: SearchRepo;
  clock: Clock;
  maxResults: number;
  freeSearchesPerMonth: number;
  subscriptionStatusOf: (uid: string) => Promise<string | null>;
  termStats: TermStatsSource;
}) {
  const { repo, clock, maxResults, freeSearchesPerMonth } = deps;

  function startOfMonth(): Date {
    const now = clock.now();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  /**
   * The query's meaningful words (stemmed, stop words dropped by Postgres) with their rarity;
   * words in more than a fifth of all patents are left out unless nothing else is left. The
   * words stay in the query's order, so that neighbours in the query can be told apart.
   */
  function weightedTerms(lexemes: string[], stats: TermStats): WeightedLexeme[] {
    const terms = lexemes.map((lexeme, order) => ({ lexeme, order, frequency: stats.frequency(lexeme) }));
    const informative = terms.filter((term) => term.frequency <= COMMON_WORD_SHARE);
    return (informative.length > 0 ? informative : terms)
      .sort((left, right) => left.frequency - right.frequency)
      .slice(0, MAX_QUERY_TERMS)
      .sort((left, right) => left.order - right.order)
      .map((term) => ({ lexeme: term.lexeme, idf: Math.log(1 / Math.max(term.frequency, 1e-6)) }));
  }

  async function countThisMonth(viewer: Viewer | null): Promise<number> {
    if (!viewer) throw new NotAuthenticatedError();
    return repo.countSince(viewer.uid, startOfMonth());
  }

  async function search(kind: SearchKind, viewer: Viewer | null, input: unknown): Promise<SearchAnswer> {
    if (!viewer) throw new NotAuthenticatedError();
    const request = parseInput(SearchRequest, input);
    if (kind === 'ai' && request.query.length < AI_SEARCH_MIN_CHARACTERS) {
      throw new AppError('VALIDATION', `Please enter at least ${AI_SEARCH_MIN_CHARACTERS} characters`);
    }
    // Only whether the free searches are used up matters here, so the count stops past the limit.
    const used = await repo.countSince(viewer.uid, startOfMonth(), freeSearchesPerMonth + 1);
    if (used > freeSearchesPerMonth && (await deps.subscriptionStatusOf(viewer.uid)) !== 'active') {
      throw new SearchLimitReachedError(freeSearchesPerMonth);
    }

    const filters: SearchFilters = {
      ipcPrefixes: [...new Set((request.ipc_filters ?? []).map((code) => code.toUpperCase()))],
      statuses: [...new Set((request.legal_status ?? []).map((status) => toStoredPatentStatus(status)!))],
      jurisdictions: [...new Set((request.jurisdiction ?? []).map((code) => code.toUpperCase()))],
      years: request.years ?? null,
    };
    const stats = await deps.termStats.current();
    const found =
      kind === 'ai'
        ? await repo.natural(
            weightedTerms(await repo.lexemes(request.query), stats),
            filters,
            maxResults,
            stats,
          )
        : await repo.advanced(
            compileLensQuery(parseLensQuery(request.query), stats),
            filters,
            maxResults,
            stats,
          );
    const json = checkedAnswerJson(kind, found);
    await repo.recordSearch({ uid: viewer.uid, kind, query: request.query, resultCount: found.total });
    return { json, read: () => JSON.parse(json) as SearchResultSet };
  }

  return {
    countThisMonth,
    aiSearch: (viewer: Viewer | null, input: unknown) => search('ai', viewer, input),
    booleanSearch: (viewer: Viewer | null, input: unknown) => search('boolean', viewer, input),
  };
}

/**
 * The answer as JSON text, once its shape check passed. It is serialised at once, so that the
 * rows and their objects die young: kept across the next database round trip by eight searches
 * at a time, they were copied by the garbage collector at every scavenge.
 */
function checkedAnswerJson(kind: SearchKind, found: SearchRows): string {
  const data = found.rows.map(toResultItem);
  const answer = SearchResultSetSchema.safeParse({
    total: found.total,
    results: data.length,
    group_by_count: found.groupCount,
    estimated: found.estimated,
    data,
  });
  // A malformed answer is the server's fault: it is logged and answered with a plain 500.
  if (!answer.success) {
    const { issues } = answer.error;
    const firstIssues = issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(
      `A ${kind} search answer failed its shape check (${issues.length} issues; ${firstIssues})`,
    );
  }
  return JSON.stringify(answer.data);
}

/** The item as the specification shapes it; the answer's shape check vouches for it. */
function toResultItem(row: SearchHitRow, index: number) {
  return {
    lens_id: row.lens_id,
    doc_key: row.doc_key,
    patent_status: row.patent_status,
    search_result_order: index + 1,
    ipc_families: row.ipc_symbols.map((symbol) => ({ symbol })),
    generative_data: {
      title: row.ai_title ?? '',
      summary: row.ai_summary ?? '',
      types: row.ai_types ?? [],
      uses: row.ai_uses ?? [],
    },
    biblio: {
      publication_reference: {
        jurisdiction: row.jurisdiction,
        doc_number: row.doc_number,
        kind: row.kind,
        date: row.date_published,
      },
      invention_title: row.title,
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
