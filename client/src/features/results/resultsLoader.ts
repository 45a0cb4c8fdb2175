import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs } from 'react-router';
import { errorCode } from '../../session/apiErrors';
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
 * The results route's loader (§2 Results: "from navigation state if present, otherwise the
 * search is re-run from the parameters"). The results the search page handed over; or, for an
 * address that names a kept result set (a reload, a shared link), that set replayed, which is not
 * a search; or the search run from the address (a bookmark, a name or university link, an
 * e-mail), counted as a search unless the server replays the same search of the last day. A
 * loader runs once per navigation (not once per render or effect), so a search is counted once.
 */
export function createResultsLoader(deps: {
  client: ApolloClient;
  /** Whether someone is signed in; the route's guard sends the others away. */
  signedIn(): Promise<boolean>;
  onError(message: string): void;
}) {
  async function replayOrRun(params: ResultsParams): Promise<ResultOutcome> {
    if (params.resultSetId) {
      try {
        return { status: 'ready', results: await replayResultSet(deps.client, params.resultSetId) };
      } catch (failure) {
        // A kept answer lasts a week; after that the address's parameters run the search again.
        if (errorCode(failure) !== 'RESULT_SET_NOT_FOUND') throw failure;
      }
    }
    return { status: 'ready', results: await executeSearch(deps.client, params.type, params.input) };
  }

  async function load(params: ResultsParams): Promise<ResultOutcome> {
    if (!(await deps.signedIn())) return { status: 'signed-out' };
    try {
      return await replayOrRun(params);
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
    return { params, outcome: load(params) };
  };
}
