import { useEffect, useRef } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, Navigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { serverMessage } from '../../session/apiErrors';
import { useAuth } from '../../session/AuthProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { AcceptCollectionInvitationDocument } from '../../__generated__/graphql';

/**
 * `/collections/invitations/:token`: an invitation's link. Signed in with the invited address, it
 * accepts and opens the collection; otherwise it says how to accept.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const { authed, loading: authLoading } = useAuth();
  const [accept, { data, error, called }] = useMutation(AcceptCollectionInvitationDocument, {
    refetchQueries: ['Collections'],
  });
  const asked = useRef(false);
  useEffect(() => {
    if (!authed || asked.current) return;
    asked.current = true;
    void accept({ variables: { token } }).catch(() => undefined);
  }, [authed, accept, token]);

  if (data) return <Navigate to={`/collections/${data.acceptCollectionInvitation.id}`} replace />;
  if (authLoading || (authed && (!called || !error)))
    return <CenteredSpinner label="Accepting the invitation..." />;
  return (
    <Card className="shadow-sm mx-auto" style={{ maxWidth: 560 }}>
      <Card.Body>
        <h1 className="h4">An invitation to a collection</h1>
        {error ? (
          <Alert variant="warning" className="mb-0">
            {serverMessage(error) ?? 'Something went wrong accepting the invitation. Please try again.'}
          </Alert>
        ) : (
          <p className="mb-0">
            To accept, <Link to="/">sign in or create an account</Link> with the address this invitation was
            sent to, then open the link in the e-mail again.
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
