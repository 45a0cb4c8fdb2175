import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs } from 'react-router';
import {
  executeSearch,
  parseResultsParams,
  searchFailureMessage,
  takeHandedOverResults,
  type ResultsParams,
  type SearchResultSet,
} from '../search';

export type ResultOutcome =
  | { status: 'ready'; results: SearchResultSet }
  | { status: 'error'; message: string }
  | { status: 'signed-out' };

export interface ResultsLoaderData {
  params: ResultsParams;
  /** Resolves when the search is done; the page shows its spinner meanwhile. */
  outcome: Promise<ResultOutcome>;
}

const NO_RESULTS: SearchResultSet = { total: 0, results: 0, group_by_count: 0, estimated: false, data: [] };

/**
 * The results route's loader: the results the search page handed over, or, when the page was
 * opened from an address (reload, shared link, trending topic, name link), a fresh search. A loader
 * runs once per navigation (not once per render or effect), so a search is counted once.
 */
export function createResultsLoader(deps: {
  client: ApolloClient;
  /** Whether someone is signed in; the route's guard sends the others away. */
  signedIn(): Promise<boolean>;
  onError(message: string): void;
}) {
  async function search(params: ResultsParams): Promise<ResultOutcome> {
    if (!(await deps.signedIn())) return { status: 'signed-out' };
    try {
      return { status: 'ready', results: await executeSearch(deps.client, params.type, params.input) };
    } catch (failure) {
      const message = searchFailureMessage(failure);
      deps.onError(message);
      return { status: 'error', message };
    }
  }

  return ({ request }: LoaderFunctionArgs): ResultsLoaderData => {
    const { search: queryString } = new URL(request.url);
    const params = parseResultsParams(new URLSearchParams(queryString));
    const handedOver = takeHandedOverResults(queryString);
    if (handedOver) return { params, outcome: Promise.resolve({ status: 'ready', results: handedOver }) };
    if (params.input.query === '')
      return { params, outcome: Promise.resolve({ status: 'ready', results: NO_RESULTS }) };
    return { params, outcome: search(params) };
  };
}
