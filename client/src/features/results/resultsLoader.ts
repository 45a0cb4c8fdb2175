import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs } from 'react-router';
import { errorCode } from '../../app/apiErrors';
import {
  executeSearch,
  parseResultsParams,
  replayResultSet,
  searchFailureMessage,
  takeHandedOverResults,
  type ResultsParams,
  type SearchResultSet,
} from '../search';

export type ResultOutcome =
  | { status: 'ready'; results: SearchResultSet }
  | { status: 'error'; message: string }
  /** Opened from a link that has not run yet (a name, a university): the page asks first. */
  | { status: 'confirm'; expired: boolean }
  | { status: 'signed-out' };

export interface ResultsLoaderData {
  params: ResultsParams;
  /** Resolves when the search is done; the page shows its spinner meanwhile. */
  outcome: Promise<ResultOutcome>;
}

const NO_RESULTS: SearchResultSet = {
  result_set_id: '',
  total: 0,
  results: 0,
  group_by_count: 0,
  estimated: false,
  data: [],
};

/**
 * The results route's loader. The results the search page handed over; or, for an address that
 * names a kept result set (a reload, a shared link), that set replayed, which is not a search;
 * or, for an address that asks to run (an explicit "Run again"), a search. Any other address (a
 * name or university link, an e-mail) waits for the searcher to run it: only a search that runs
 * counts. A loader runs once per navigation (not once per render or effect), so a search is
 * counted once.
 */
export function createResultsLoader(deps: {
  client: ApolloClient;
  /** Whether someone is signed in; the route's guard sends the others away. */
  signedIn(): Promise<boolean>;
  onError(message: string): void;
}) {
  async function load(params: ResultsParams): Promise<ResultOutcome> {
    if (!(await deps.signedIn())) return { status: 'signed-out' };
    try {
      if (params.resultSetId) {
        return { status: 'ready', results: await replayResultSet(deps.client, params.resultSetId) };
      }
      if (!params.run) return { status: 'confirm', expired: false };
      return { status: 'ready', results: await executeSearch(deps.client, params.type, params.input) };
    } catch (failure) {
      if (errorCode(failure) === 'RESULT_SET_NOT_FOUND') return { status: 'confirm', expired: true };
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
    return { params, outcome: load(params) };
  };
}
