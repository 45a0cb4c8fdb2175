import { useMutation, useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { TitledCard } from '../../ui/TitledCard';
import ListGroup from 'react-bootstrap/ListGroup';
import { serverMessage } from '../../session/apiErrors';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { formatDate } from '../../ui/format';
import { useToast } from '../../ui/Toasts';
import { SavedSearchesDocument, UnsubscribeFromSearchUpdatesDocument } from '../../__generated__/graphql';

/** The account page's list of followed searches, each with its last digest and an Unsubscribe. */
export function WeeklyUpdatesSection() {
  const toast = useToast();
  const { data, loading, error } = useQuery(SavedSearchesDocument, { fetchPolicy: 'cache-and-network' });
  const [unsubscribe, { loading: removing }] = useMutation(UnsubscribeFromSearchUpdatesDocument, {
    refetchQueries: [SavedSearchesDocument],
    awaitRefetchQueries: true,
  });
  const searches = data?.savedSearches ?? [];

  async function stop(id: string, query: string) {
    try {
      await unsubscribe({ variables: { id } });
      toast({
        title: 'Unsubscribed.',
        description: `No more weekly updates for "${query}".`,
        variant: 'success',
      });
    } catch (failure) {
      toast({
        title: 'Error.',
        description: serverMessage(failure) ?? 'Something went wrong, please try again.',
        variant: 'danger',
      });
    }
  }

  return (
    <TitledCard as="section" titleId="weekly-updates-title" title="Weekly updates" className="mb-4">
      {loading && !data ? <CenteredSpinner label="Loading your weekly updates..." /> : null}
      {error ? (
        <Alert variant="danger">{serverMessage(error) ?? 'Something went wrong, please try again.'}</Alert>
      ) : null}
      {data && searches.length === 0 ? (
        <p className="text-muted mb-0">
          You don't follow any search yet. On a results page, choose "Get weekly updates" to get new patents
          by e-mail every week.
        </p>
      ) : null}
      {searches.length > 0 ? (
        <ListGroup as="ul" variant="flush">
          {searches.map((search) => (
            <ListGroup.Item
              as="li"
              key={search.id}
              className="d-flex flex-wrap align-items-center gap-2 px-0"
            >
              <div className="flex-grow-1">
                <Link to={search.resultsPath} className="fw-semibold text-break">
                  {search.query}
                </Link>
                <div className="small text-muted">
                  {search.kind === 'ai' ? 'AI search' : 'Advanced search'} · since{' '}
                  {formatDate(search.createdAt)} ·{' '}
                  {search.lastSentAt ? `last update ${formatDate(search.lastSentAt)}` : 'no update sent yet'}
                </div>
              </div>
              <Button
                variant="outline-danger"
                size="sm"
                disabled={removing}
                onClick={() => void stop(search.id, search.query)}
                aria-label={`Unsubscribe from "${search.query}"`}
              >
                Unsubscribe
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      ) : null}
    </TitledCard>
  );
}
