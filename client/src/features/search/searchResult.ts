import { z } from 'zod';
import { YEAR_MAX, YEAR_MIN } from '@patentscout/schema';
import type { ApolloClient } from '@apollo/client';
import { answeredReadably, serverMessage } from '../../session/apiErrors';
import type {
  SearchAccountFieldsFragment,
  SearchInput,
  SearchResultSetFieldsFragment,
} from '../../__generated__/graphql';
import { lensQueryRefusal } from './lensQueryReading';
import {
  AiSearchDocument,
  BooleanSearchDocument,
  ResultSetDocument,
  SearchAccountFieldsFragmentDoc,
} from '../../__generated__/graphql';

export type SearchType = 'ai' | 'boolean';
export type SearchResultSet = SearchResultSetFieldsFragment;
export type SearchResultItem = SearchResultSet['data'][number];

const PublicationReference = z.object({
  jurisdiction: z.string(),
  doc_number: z.string(),
  kind: z.string(),
  date: z.string(),
});

const SearchResultItemSchema = z.object({
  lens_id: z.string(),
  doc_key: z.string(),
  patent_status: z.string(),
  search_result_order: z.number(),
  ipc_families: z.array(z.object({ symbol: z.string() })),
  generative_data: z.object({
    title: z.string(),
    summary: z.string(),
    types: z.array(z.string()),
    uses: z.array(z.string()),
  }),
  biblio: z.object({ publication_reference: PublicationReference, invention_title: z.string() }),
  // Results handed over by an older client carry none.
  family_members: z.array(PublicationReference.extend({ lens_id: z.string() })).default([]),
});

/** The specification reads a search answer and validates it before showing it. */
const SearchResultSetSchema: z.ZodType<SearchResultSet> = z.object({
  result_set_id: z.string(),
  total: z.number(),
  results: z.number(),
  group_by_count: z.number().nullish(),
  estimated: z.boolean(),
  explanation: z
    .object({
      kept: z.array(z.object({ word: z.string(), weight: z.number(), share: z.number() })),
      dropped: z.array(z.string()),
      lensQuery: z.string(),
      // What meaning added (ADR 0150): absent before the corpus's meaning was derived.
      meaning: z
        .object({
          alsoSearched: z.array(z.object({ word: z.string(), similar: z.array(z.string()) })),
          foundByMeaning: z.array(z.string()),
        })
        .nullish(),
      // Results found through their classification's words (ADR 0177).
      throughClassification: z.array(z.object({ lensId: z.string(), words: z.array(z.string()) })),
      // The classes the search speaks for (ADR 0181); absent from answers kept before them.
      classes: z.array(z.object({ symbol: z.string(), words: z.array(z.string()) })).default([]),
    })
    .nullish(),
  data: z.array(SearchResultItemSchema),
});

/** An advanced query the server would refuse: refused here, without a request. */
export class QueryRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QueryRefusedError';
  }
}

export class InvalidSearchResultError extends Error {
  constructor() {
    super('Invalid search result');
    this.name = 'InvalidSearchResultError';
  }
}

export function parseSearchResultSet(value: unknown): SearchResultSet {
  const parsed = SearchResultSetSchema.safeParse(value);
  if (!parsed.success) throw new InvalidSearchResultError();
  return parsed.data;
}

/**
 * A search request as the specification shapes it (§3): its five keys always (query,
 * ipc_filters, legal_status, jurisdiction, years), empty lists and the whole year range included;
 * other filters of ours only when set.
 */
export function withSpecificationKeys(input: SearchInput): SearchInput {
  return {
    ...input,
    ipc_filters: input.ipc_filters ?? [],
    legal_status: input.legal_status ?? [],
    jurisdiction: input.jurisdiction ?? [],
    years: input.years ?? [YEAR_MIN, YEAR_MAX],
  };
}

/**
 * Results are read once, from the answer, and never from the cache: writing hundreds of results
 * into Apollo's normalised cache held the page for about half a second (ADR 0136). Only the
 * account the answer carries goes to the cache, where the header reads it.
 */
const UNCACHED = { fetchPolicy: 'no-cache' } as const;

function keepAccount(client: ApolloClient, account: SearchAccountFieldsFragment | null | undefined): void {
  if (account) client.cache.writeFragment({ fragment: SearchAccountFieldsFragmentDoc, data: account });
}

/** Runs an AI or advanced search; rejects with the Apollo error or InvalidSearchResultError. */
export async function executeSearch(
  client: ApolloClient,
  type: SearchType,
  given: SearchInput,
): Promise<SearchResultSet> {
  const input = withSpecificationKeys(given);
  // Each search counts toward the monthly allowance: a mutation, whose payload carries the account.
  if (type === 'ai') {
    const { data } = await client.mutate({ mutation: AiSearchDocument, variables: { input }, ...UNCACHED });
    keepAccount(client, data?.aiSearch.account);
    return parseSearchResultSet(data?.aiSearch.results);
  }
  // A query the server would refuse is never sent (the shared parser and checks, as the server's).
  const refusal = lensQueryRefusal(input.query);
  if (refusal !== null) throw new QueryRefusedError(refusal);
  const { data } = await client.mutate({
    mutation: BooleanSearchDocument,
    variables: { input },
    ...UNCACHED,
  });
  keepAccount(client, data?.booleanSearch.account);
  return parseSearchResultSet(data?.booleanSearch.results);
}

/** A kept result set by its id: no search runs and nothing is counted. */
export async function replayResultSet(client: ApolloClient, id: string): Promise<SearchResultSet> {
  const { data } = await client.query({ query: ResultSetDocument, variables: { id }, ...UNCACHED });
  return parseSearchResultSet(data?.resultSet.results);
}

/**
 * What a failed search tells the user (§8, ADR 0115): the server's message; "Something went wrong
 * performing a search." when the server's answer carries none; the hopeful text when no answer
 * came back at all (a network failure, an answer that cannot be read).
 */
export function searchFailureMessage(failure: unknown): string {
  console.error(SEARCH_FAILED_WITHOUT_MESSAGE, failure);
  if (failure instanceof InvalidSearchResultError || failure instanceof QueryRefusedError)
    return failure.message;
  if (!answeredReadably(failure)) return SEARCH_FAILURE_FALLBACK;
  return serverMessage(failure) ?? SEARCH_FAILED_WITHOUT_MESSAGE;
}

/** The search's own fallback message (§8: search and one-shot), for an answer without a message. */
export const SEARCH_FAILED_WITHOUT_MESSAGE = 'Something went wrong performing a search.';

const SEARCH_FAILURE_FALLBACK =
  'Sometimes with amazing tools, things go wrong - please try again as we continue to make this better and better 🙏';
