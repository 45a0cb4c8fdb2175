import { ApolloClient, ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { of } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../session/apollo';
import { EMPTY_FILTERS, toSearchInput } from './filter-panel/panelState';
import { SearchAccountFieldsFragmentDoc } from '../../__generated__/graphql';
import { executeSearch, searchFailureMessage, withSpecificationKeys } from './searchResult';

const HOPEFUL =
  'Sometimes with amazing tools, things go wrong - please try again as we continue to make this better and better 🙏';

const serverError = (status: number, bodyText: string) =>
  new ServerError('Response not successful', { response: new Response(bodyText, { status }), bodyText });

describe("a failed search's words (§8, ADR 0115)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives the server's message when its answer carries one", () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(
      searchFailureMessage(
        new CombinedGraphQLErrors({ errors: [{ message: 'Please enter at least 20 characters' }] }),
      ),
    ).toBe('Please enter at least 20 characters');
    expect(
      searchFailureMessage(serverError(402, JSON.stringify({ errors: [{ message: 'Limit reached.' }] }))),
    ).toBe('Limit reached.');
  });

  it('says "Something went wrong performing a search." for an answer without a message', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(searchFailureMessage(new CombinedGraphQLErrors({ errors: [{ message: '' }] }))).toBe(
      'Something went wrong performing a search.',
    );
    expect(searchFailureMessage(serverError(502, '{}'))).toBe('Something went wrong performing a search.');
    expect(searchFailureMessage(serverError(500, JSON.stringify({ errors: [{ message: '' }] })))).toBe(
      'Something went wrong performing a search.',
    );
  });

  it('keeps the hopeful text for no readable answer: a network failure or a body that is not JSON', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(searchFailureMessage(new TypeError('Failed to fetch'))).toBe(HOPEFUL);
    expect(searchFailureMessage(serverError(502, '<html>Bad Gateway</html>'))).toBe(HOPEFUL);
  });
});

describe("a search request's keys (§3)", () => {
  it('sends the five keys with no filter chosen, empty lists and the whole year range included', () => {
    expect(withSpecificationKeys(toSearchInput('  solar panel ', EMPTY_FILTERS))).toEqual({
      query: 'solar panel',
      ipc_filters: [],
      legal_status: [],
      jurisdiction: [],
      years: [1824, 2050],
    });
  });

  it('keeps chosen filters, ours included, and fills only what is missing', () => {
    expect(
      withSpecificationKeys({ query: 'x', legal_status: ['active'], publication_type: ['GRANTED_PATENT'] }),
    ).toEqual({
      query: 'x',
      ipc_filters: [],
      legal_status: ['active'],
      jurisdiction: [],
      years: [1824, 2050],
      publication_type: ['GRANTED_PATENT'],
    });
  });
});

describe('a search answer and the cache (ADR 0136)', () => {
  const item = (order: number) => ({
    __typename: 'SearchResultItem',
    lens_id: `000-000-000-000-${String(order).padStart(3, '0')}`,
    doc_key: `US_${order}_B2`,
    patent_status: 'ACTIVE',
    search_result_order: order,
    ipc_families: [{ __typename: 'IpcFamily', symbol: 'H01M' }],
    generative_data: {
      __typename: 'GenerativeData',
      title: 'A cell',
      summary: 'A summary.',
      types: [],
      uses: [],
    },
    biblio: {
      __typename: 'ResultBiblio',
      publication_reference: {
        __typename: 'PublicationReference',
        jurisdiction: 'US',
        doc_number: String(order),
        kind: 'B2',
        date: '2020-01-01',
      },
      invention_title: 'Cell',
    },
    family_members: [],
  });
  const answer = {
    aiSearch: {
      __typename: 'SearchPayload',
      results: {
        __typename: 'SearchResultSet',
        result_set_id: '1b0a3c1e-8d43-4c8e-9a57-2f1c3a1d5e01',
        total: 300,
        results: 300,
        group_by_count: 280,
        estimated: false,
        explanation: null,
        data: Array.from({ length: 300 }, (_, index) => item(index + 1)),
      },
      account: { __typename: 'Account', uid: 'user-1', searchCount: 4, limited: false },
    },
  };

  it('keeps the account the answer carries, and none of its results, in the cache', async () => {
    const cache = createCache();
    cache.writeFragment({
      fragment: SearchAccountFieldsFragmentDoc,
      data: { __typename: 'Account', uid: 'user-1', searchCount: 3, limited: false },
    });
    const client = new ApolloClient({ cache, link: new ApolloLink(() => of({ data: answer })) });
    const writes = vi.spyOn(cache, 'write');

    const results = await executeSearch(client, 'ai', { query: 'a rechargeable lithium battery electrode' });

    expect(results.data).toHaveLength(300);
    expect(results.data[299]!.lens_id).toBe('000-000-000-000-300');
    expect(cache.extract()['Account:{"uid":"user-1"}']).toMatchObject({ searchCount: 4, limited: false });
    // The results never pass through the cache: its one write is the account's.
    expect(writes.mock.calls.map(([write]) => Object.keys(write.result as object).sort())).toEqual([
      ['__typename', 'limited', 'searchCount', 'uid'],
    ]);
    expect(JSON.stringify(cache.extract())).not.toContain('000-000-000-000-');
  });
});
