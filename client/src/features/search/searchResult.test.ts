import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_FILTERS, toSearchInput } from './filter-panel/panelState';
import { searchFailureMessage, withSpecificationKeys } from './searchResult';

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
