import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useAppConfig } from '../../session/AppConfigContext';
import { useToast } from '../../ui/Toasts';

/** The list this button joins: the waiting list for previous searches. */
const PREVIOUS_SEARCHES_LIST = 'previous-searches';
const CONFIRMED = "Thanks! We'll be in touch.";

type State = 'ready' | 'loading' | 'confirmed';

/** Joins the waiting list with the user's first name and e-mail, as a form service receives them. */
export function WaitingListButton({ name, email }: { name: string; email: string }) {
  const { mailingListUrl } = useAppConfig();
  const toast = useToast();
  const [state, setState] = useState<State>('ready');

  async function join() {
    setState('loading');
    try {
      const response = await fetch(mailingListUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          firstName: name.trim().split(/\s+/)[0] ?? name,
          email,
          mailingLists: PREVIOUS_SEARCHES_LIST,
        }),
      });
      if (!response.ok) throw new Error(`The waiting list answered ${response.status}.`);
      setState('confirmed');
    } catch (failure) {
      console.error('Joining the waiting list failed', failure);
      toast({ title: 'Error.', description: 'Something went wrong, please try again.', variant: 'danger' });
      setState('ready');
    }
  }

  return (
    <Button variant="outline-primary" onClick={() => void join()} disabled={state !== 'ready'}>
      {state === 'loading' ? (
        <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
      ) : null}
      {state === 'confirmed' ? CONFIRMED : 'Join the waiting list'}
    </Button>
  );
}
