import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { PlanStatus } from '../../__generated__/graphql';
import { useAccount } from '../../app/AccountProvider';
import { useRunSearch, type ResultsParams } from '../search';

/** What running the search costs the searcher, in words. */
function costInWords(account: ReturnType<typeof useAccount>): string {
  if (account.account?.plan.status === PlanStatus.Active)
    return 'Your Discover plan includes unlimited searches.';
  const free = account.account?.freeSearchesPerMonth;
  if (free === undefined) return 'Running it counts as one search this month.';
  return `Running it uses 1 of your ${free} free searches this month (${account.searchCount} used so far).`;
}

/**
 * A search opened from a link (an inventor, an owner, a university) that has not run: it counts
 * as a search only when the searcher runs it, and says so first.
 */
export function RunSearchPrompt({ params, expired }: { params: ResultsParams; expired: boolean }) {
  const { run, loading } = useRunSearch();
  const account = useAccount();
  return (
    <Card className="mb-3" data-testid="run-search-prompt">
      <Card.Body>
        {expired ? (
          <p className="mb-2">These results have expired. Run the search again to see current results.</p>
        ) : (
          <p className="mb-2">This search has not run yet.</p>
        )}
        <p className="mb-3 text-muted small">
          {costInWords(account)} The same search again within 24 hours is free.
        </p>
        <Button
          autoFocus
          disabled={loading}
          onClick={() => void run(params.type, params.input, { sanitiseSearch: params.sanitiseSearch })}
        >
          {loading ? 'Searching...' : 'Run this search'}
        </Button>
      </Card.Body>
    </Card>
  );
}
