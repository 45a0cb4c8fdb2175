import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApolloClient } from '@apollo/client/react';
import { AI_SEARCH_MIN_CHARACTERS, resultsAddress } from '@patentscout/schema';
import type { SearchInput } from '../../__generated__/graphql';
import { useAccount } from '../../session/AccountProvider';
import { errorCode } from '../../session/apiErrors';
import { useToast } from '../../ui/Toasts';
import { handOverResults } from './handover';
import { executeSearch, searchFailureMessage, type SearchType } from './searchResult';

/** The search page's flow: validate, search, then open the results or explain why not. */
export function useRunSearch() {
  const client = useApolloClient();
  const navigate = useNavigate();
  const toast = useToast();
  const { reload: reloadAccount } = useAccount();
  const [loading, setLoading] = useState(false);

  const run = useCallback(
    async (type: SearchType, input: SearchInput, pathOptions: { sanitiseSearch?: boolean } = {}) => {
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
          const path = resultsAddress(type, input, { ...pathOptions, resultSetId: results.result_set_id });
          handOverResults(path.slice(path.indexOf('?')), results);
          await navigate(path);
        } else {
          toast({ title: 'Nothing came back with that search. Try something else!?', variant: 'warning' });
        }
      } catch (failure) {
        const description = searchFailureMessage(failure);
        toast({ title: 'Error completing your search', description, variant: 'danger', duration: 5000 });
        // A refused search changes no count, but the account may have become limited elsewhere
        // (another tab): read it again so the page shows the upgrade prompt.
        if (errorCode(failure) === 'SEARCH_LIMIT_REACHED') void reloadAccount();
      } finally {
        setLoading(false);
      }
    },
    [client, navigate, toast, reloadAccount],
  );

  return { run, loading };
}
