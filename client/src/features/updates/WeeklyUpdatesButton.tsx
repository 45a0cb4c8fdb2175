import { useRef } from 'react';
import { useMutation } from '@apollo/client/react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../session/apiErrors';
import { useToast } from '../../ui/Toasts';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';
import { SavedSearchesDocument, SubscribeToSearchUpdatesDocument } from '../../__generated__/graphql';

/** Follows the results page's search by weekly e-mail: ready, in progress, then 'Subscribed!'. */
export function WeeklyUpdatesButton({ queryString }: { queryString: string }) {
  const toast = useToast();
  const [subscribe, { loading, data }] = useMutation(SubscribeToSearchUpdatesDocument, {
    refetchQueries: [SavedSearchesDocument],
  });
  const subscribed = Boolean(data?.subscribeToSearchUpdates.savedSearch);
  const button = useRef<HTMLButtonElement>(null);
  useFocusAcrossBusy(loading, button);

  async function follow() {
    if (subscribed) return;
    try {
      await subscribe({ variables: { queryString } });
      toast({ title: "We'll keep you up to date weekly on results of this search.", variant: 'info' });
    } catch (failure) {
      console.error('Subscribing to weekly updates failed', failure);
      toast({
        title: 'Error.',
        description: serverMessage(failure) ?? 'Something went wrong, please try again.',
        variant: 'danger',
      });
    }
  }

  return (
    <Button
      ref={button}
      variant="outline-primary"
      size="sm"
      onClick={() => void follow()}
      disabled={loading}
      // Subscribed: it still holds the focus (a disabled button would drop it), and says it is done.
      aria-disabled={subscribed || undefined}
      className={subscribed ? 'disabled' : undefined}
    >
      {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
      {subscribed ? 'Subscribed!' : 'Get weekly updates'}
    </Button>
  );
}
