import { useEffect } from 'react';
import { parseResultsAddress, searchFiltersInWords } from '@patentscout/schema';
import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useAccount } from '../../session/AccountProvider';
import { serverMessage } from '../../session/apiErrors';
import { useAuth } from '../../session/AuthProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { formatDate } from '../../ui/format';
import { useToast } from '../../ui/Toasts';
import { downloadOneShotReport } from './downloadReport';
import { PreviousSearchesDocument } from '../../__generated__/graphql';
import { WaitingListButton } from './WaitingListButton';

const KIND_LABELS: Record<string, string> = {
  ai: 'AI search',
  boolean: 'Advanced search',
  oneshot: 'One-shot',
};
const STATUS_LABELS: Record<string, string> = {
  queued: 'Waiting to start',
  running: 'Running',
  done: 'Ready',
  failed: 'Failed',
};
/** While a one-shot search runs, the list looks again this often. */
const POLL_MS = 5000;

function FiltersInWords({ resultsPath }: { resultsPath: string }) {
  const words = searchFiltersInWords(parseResultsAddress(resultsPath).input);
  return words ? <div className="small">{words}</div> : null;
}

/** The user's earlier searches, to run again; one-shot searches with their reports. */
export function PreviousSearchesTab() {
  const { auth } = useAuth();
  const { account } = useAccount();
  const toast = useToast();
  const { data, loading, error, startPolling, stopPolling } = useQuery(PreviousSearchesDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const searches = data?.previousSearches ?? [];
  const running = searches.some((search) => search.status === 'queued' || search.status === 'running');
  useEffect(() => {
    if (!running) return;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [running, startPolling, stopPolling]);

  async function download(requestId: string) {
    try {
      await downloadOneShotReport(auth, requestId);
    } catch (failure) {
      toast({
        title: 'Error.',
        description: failure instanceof Error ? failure.message : String(failure),
        variant: 'danger',
      });
    }
  }

  return (
    <div className="py-2">
      <h2 className="h5">Previous Searches</h2>
      {loading && !data ? <CenteredSpinner label="Loading your searches..." /> : null}
      {error ? (
        <Alert variant="danger">{serverMessage(error) ?? 'Something went wrong, please try again.'}</Alert>
      ) : null}
      {data && searches.length === 0 ? (
        <p className="text-muted">Your searches will be listed here.</p>
      ) : null}
      {searches.length > 0 ? (
        <ListGroup as="ul" variant="flush" className="mb-3" aria-label="Previous searches">
          {searches.map((search) => (
            <ListGroup.Item
              as="li"
              key={search.id}
              className="d-flex flex-wrap align-items-center gap-2 px-0"
            >
              <div className="flex-grow-1">
                <div className="fw-semibold text-break">{search.query}</div>
                {search.resultsPath ? <FiltersInWords resultsPath={search.resultsPath} /> : null}
                <div className="small text-muted">
                  {KIND_LABELS[search.kind] ?? search.kind} · {formatDate(search.createdAt)}
                  {search.resultCount !== null && search.resultCount !== undefined
                    ? ` · ${search.resultCount.toLocaleString('en')} ${search.kind === 'oneshot' ? 'families' : 'results'}`
                    : ''}
                </div>
              </div>
              {search.status ? (
                <Badge
                  bg={
                    search.status === 'done' ? 'success' : search.status === 'failed' ? 'danger' : 'secondary'
                  }
                >
                  {STATUS_LABELS[search.status] ?? search.status}
                </Badge>
              ) : null}
              {search.resultsPath ? (
                <Link to={search.resultsPath} className="btn btn-sm btn-outline-primary">
                  Run again
                </Link>
              ) : null}
              {search.kind === 'oneshot' && search.status === 'done' ? (
                <Button size="sm" variant="outline-primary" onClick={() => void download(search.id)}>
                  Download PDF
                </Button>
              ) : null}
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
      {/* The spec: hidden when the account lacks a name or an e-mail address. */}
      {account?.name.trim() && account.email ? (
        <WaitingListButton name={account.name} email={account.email} />
      ) : null}
    </div>
  );
}
