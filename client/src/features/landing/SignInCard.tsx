import { useNavigate } from 'react-router';
import { GoogleAuthProvider, signInWithPopup } from 'firebase/auth';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Stack from 'react-bootstrap/Stack';
import { useAccount } from '../../app/AccountProvider';
import { useAuth } from '../../app/AuthProvider';
import { useSignOut } from '../../app/SignOutProvider';

interface Props {
  onSignInWithEmail: () => void;
  onRegisterWithEmail: () => void;
}

export function SignInCard({ onSignInWithEmail, onRegisterWithEmail }: Props) {
  const { auth, user, loading, error, authed } = useAuth();
  const { completeGoogleSignIn } = useAccount();
  const { requestSignOut } = useSignOut();
  const navigate = useNavigate();

  const continueWithGoogle = async () => {
    try {
      const credential = await signInWithPopup(auth, new GoogleAuthProvider());
      await completeGoogleSignIn(credential.user);
    } catch (failure) {
      // The spec gives identity-provider failures (popup closed or blocked, ...) no special handling.
      console.error('Google sign-in failed', failure);
    }
  };

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
          <Button variant="outline-dark" onClick={() => void continueWithGoogle()}>
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
    </Card>
  );
}
