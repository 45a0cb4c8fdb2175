import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import { AI_SEARCH_MIN_CHARACTERS } from '@patentscout/schema';
import type { SearchInput } from '../../__generated__/graphql';
import { useAccount } from '../../app/AccountProvider';
import { serverMessage } from '../../app/apiErrors';
import { useToast } from '../../ui/Toasts';
import { resultsPath } from './filters';
import {
  executeSearch,
  InvalidSearchResultError,
  SEARCH_FAILURE_FALLBACK,
  type SearchResultSet,
  type SearchType,
} from './searchResult';

/** What the results page finds in navigation state after a search from the search page. */
export interface ResultsNavigationState {
  results: SearchResultSet;
}

/** The search page's flow: validate, search, then open the results or explain why not. */
export function useRunSearch() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { refreshSearchCount } = useAccount();
  const [loading, setLoading] = useState(false);

  const run = useCallback(
    async (type: SearchType, input: SearchInput) => {
      if (type === 'ai' && input.query.length < AI_SEARCH_MIN_CHARACTERS) {
        toast({
          title: `Please enter at least ${AI_SEARCH_MIN_CHARACTERS} characters`,
          variant: 'warning',
          duration: 5000,
        });
        return;
      }
      if (input.query === '') return;
      setLoading(true);
      try {
        const results = await executeSearch(client, type, input);
        if (results.data.length > 0) {
          const state: ResultsNavigationState = { results };
          await navigate(resultsPath(type, input), { state });
        } else {
          toast({ title: 'Nothing came back with that search. Try something else!?', variant: 'warning' });
        }
      } catch (failure) {
        console.error('Something went wrong performing a search.', failure);
        const description =
          failure instanceof InvalidSearchResultError
            ? failure.message
            : (serverMessage(failure) ?? SEARCH_FAILURE_FALLBACK);
        toast({ title: 'Error completing your search', description, variant: 'danger', duration: 5000 });
      } finally {
        setLoading(false);
        void refreshSearchCount();
      }
    },
    [client, navigate, toast, refreshSearchCount],
  );

  return { run, loading };
}
