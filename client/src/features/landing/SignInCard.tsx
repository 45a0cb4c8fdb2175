import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Stack from 'react-bootstrap/Stack';
import { useAuth } from '../../session/AuthProvider';
import { useSignOut } from '../../session/SignOutProvider';
import { EmulatorGoogleDialog } from './EmulatorGoogleDialog';
import { useGoogleSignIn } from './useGoogleSignIn';

interface Props {
  onSignInWithEmail: () => void;
  onRegisterWithEmail: () => void;
}

export function SignInCard({ onSignInWithEmail, onRegisterWithEmail }: Props) {
  const { user, loading, error, authed } = useAuth();
  const google = useGoogleSignIn();
  const { requestSignOut } = useSignOut();
  const navigate = useNavigate();

  let body;
  if (loading) {
    body = <p className="mb-0">Loading...</p>;
  } else if (error) {
    body = <p className="text-danger mb-0">Error: {error.message}</p>;
  } else if (authed) {
    body = (
      <>
        <Card.Title as="h2" className="h4">
          Welcome! You're signed in!
        </Card.Title>
        <p>
          Signed in as <strong>{user?.email}</strong>
        </p>
        <Stack direction="horizontal" gap={2} className="justify-content-center">
          <Button variant="primary" onClick={() => void navigate('/home')}>
            Let's Go!
          </Button>
          <Button variant="outline-secondary" onClick={requestSignOut}>
            Sign Out
          </Button>
        </Stack>
      </>
    );
  } else {
    body = (
      <>
        <Card.Title as="h2" className="h4">
          Welcome, please sign in.
        </Card.Title>
        <Stack gap={2} className="col-sm-10 mx-auto mt-3">
          <Button variant="outline-dark" onClick={google.start}>
            <span aria-hidden="true" className="me-2 fw-bold text-primary">
              G
            </span>
            Continue with Google
          </Button>
          <Button variant="primary" onClick={onSignInWithEmail}>
            Sign in with Email
          </Button>
          <a
            href="#register"
            className="link-primary"
            onClick={(event) => {
              event.preventDefault();
              onRegisterWithEmail();
            }}
          >
            Register with Email
          </a>
        </Stack>
      </>
    );
  }

  return (
    <Card className="shadow-sm text-center mx-auto" style={{ maxWidth: '28rem' }}>
      <Card.Body className="p-4" aria-live="polite">
        {body}
      </Card.Body>
      <EmulatorGoogleDialog
        show={google.choosing}
        onClose={google.cancelChoosing}
        onChoose={google.chooseTestAccount}
      />
    </Card>
  );
}
