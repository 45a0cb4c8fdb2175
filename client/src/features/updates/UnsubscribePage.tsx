import { useMutation } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { WITHOUT_AUTH } from '../../session/apollo';
import { serverMessage } from '../../session/apiErrors';
import { UnsubscribeWithTokenDocument } from '../../__generated__/graphql';

/**
 * A digest's unsubscribe link lands here, signed in or not. It asks before acting: mail scanners
 * open links, and a link that unsubscribed on opening would be followed by them.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [unsubscribe, { data, loading, error }] = useMutation(UnsubscribeWithTokenDocument, WITHOUT_AUTH);

  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 560 }}>
      <Card.Body>
        <h1 className="h4">Weekly updates</h1>
        {data ? (
          <Alert variant="success" className="mb-0">
            You're unsubscribed. You won't get these weekly updates any more.{' '}
            <Link to="/account">Manage your updates</Link>
          </Alert>
        ) : (
          <>
            <p>Stop the weekly e-mail updates this link came with?</p>
            {error ? (
              <Alert variant="danger">
                {serverMessage(error) ?? 'Something went wrong, please try again.'}
              </Alert>
            ) : null}
            <Button
              variant="danger"
              disabled={loading || token === ''}
              onClick={() => void unsubscribe({ variables: { token } }).catch(() => undefined)}
            >
              {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
              Unsubscribe
            </Button>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
