import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';

type State = { kind: 'asking' } | { kind: 'busy' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * A watch e-mail's "Stop e-mails for this collection" link lands here, signed in or not. It asks
 * before acting, as the weekly updates' page does: mail scanners open links.
 */
export function UnwatchPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'asking' });

  async function stop() {
    setState({ kind: 'busy' });
    try {
      const response = await fetch(`/api/v1/collections/unwatch?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
      });
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      if (!response.ok) throw new Error(body.message ?? 'Something went wrong, please try again.');
      setState({ kind: 'done' });
    } catch (failure) {
      setState({ kind: 'failed', message: (failure as Error).message });
    }
  }

  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 560 }}>
      <Card.Body>
        <h1 className="h4">Collection e-mails</h1>
        {state.kind === 'done' ? (
          <Alert variant="success" className="mb-0">
            You won't get weekly e-mails about this collection any more.{' '}
            <Link to="/collections">Your collections</Link>
          </Alert>
        ) : (
          <>
            <p>Stop the weekly e-mails about this collection?</p>
            {state.kind === 'failed' ? <Alert variant="danger">{state.message}</Alert> : null}
            <Button
              variant="danger"
              disabled={state.kind === 'busy' || token === ''}
              onClick={() => void stop()}
            >
              {state.kind === 'busy' ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              ) : null}
              Stop e-mails
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
