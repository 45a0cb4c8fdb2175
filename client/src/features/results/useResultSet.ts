import { useEffect, useMemo, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useAccount } from '../../app/AccountProvider';
import { serverMessage } from '../../app/apiErrors';
import { useToast } from '../../ui/Toasts';
import {
  executeSearch,
  InvalidSearchResultError,
  parseSearchResultSet,
  SEARCH_FAILURE_FALLBACK,
  type ResultsParams,
  type SearchResultSet,
} from '../search';

type ResultState =
  | { status: 'loading' }
  | { status: 'ready'; results: SearchResultSet }
  | { status: 'error'; message: string };

function fromNavigationState(state: unknown): ResultState | null {
  if (!state || typeof state !== 'object' || !('results' in state)) return null;
  try {
    return { status: 'ready', results: parseSearchResultSet(state.results) };
  } catch {
    return { status: 'error', message: new InvalidSearchResultError().message };
  }
}

/**
 * The result set for the results page: the one handed over by the search page, or, when the
 * page was opened from an address (reload, shared link, trending topic), a fresh search.
 */
export function useResultSet(
  params: ResultsParams,
  searchKey: string,
  navigationState: unknown,
): ResultState {
  const client = useApolloClient();
  const toast = useToast();
  const { refreshSearchCount } = useAccount();
  const handedOver = useMemo(() => fromNavigationState(navigationState), [navigationState]);
  const [fetched, setFetched] = useState<{ key: string; state: ResultState } | null>(null);
  // NOTE: every search counts toward the allowance; StrictMode's second effect run must not repeat it.
  const startedFor = useRef<string | null>(null);

  useEffect(() => {
    if (handedOver || params.input.query === '' || startedFor.current === searchKey) return;
    startedFor.current = searchKey;
    setFetched({ key: searchKey, state: { status: 'loading' } });
    executeSearch(client, params.type, params.input)
      .then((results) => setFetched({ key: searchKey, state: { status: 'ready', results } }))
      .catch((failure: unknown) => {
        console.error('Something went wrong performing a search.', failure);
        const message =
          failure instanceof InvalidSearchResultError
            ? failure.message
            : (serverMessage(failure) ?? SEARCH_FAILURE_FALLBACK);
        toast({ title: 'Error.', description: message, variant: 'danger' });
        setFetched({ key: searchKey, state: { status: 'error', message } });
      })
      .finally(() => void refreshSearchCount());
  }, [handedOver, params, searchKey, client, toast, refreshSearchCount]);

  if (handedOver) return handedOver;
  if (params.input.query === '')
    return {
      status: 'ready',
      results: { total: 0, results: 0, group_by_count: 0, estimated: false, data: [] },
    };
  if (fetched?.key === searchKey) return fetched.state;
  return { status: 'loading' };
}
