import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  applyActionCode,
  checkActionCode,
  confirmPasswordReset,
  verifyPasswordResetCode,
} from 'firebase/auth';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useAuth } from '../../session/AuthProvider';
import { CenteredSpinner } from '../../ui/CenteredSpinner';
import { PRODUCT_NAME } from '@patentscout/schema';

/** The identity provider's minimum; the app asks for more than 6 characters, as on registration. */
const PASSWORD_MIN = 7;

type Outcome =
  | { state: 'working' }
  | { state: 'done'; title: string; text: string }
  | { state: 'reset'; email: string }
  | { state: 'failed'; text: string };

const EXPIRED =
  'This link has expired or has already been used. Ask for a new one from the sign-in dialog, or sign in if you already followed it.';

/**
 * Where the links of the identity provider's e-mails land (verification, e-mail change, password
 * reset, sign-in link): `/auth/action?mode=...&oobCode=...`, handled with the Firebase SDK.
 */
export function AuthActionPage() {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const mode = params.get('mode');
  const code = params.get('oobCode') ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async () => {
      // Opened from an e-mail, the page loads before Firebase restores the signed-in user: an
      // e-mail change must refresh that user's token, not find no user and leave the old one.
      await auth.authStateReady();
      switch (mode) {
        case 'verifyEmail':
          await applyActionCode(auth, code);
          await auth.currentUser?.reload().catch(() => undefined);
          return setOutcome({
            state: 'done',
            title: 'E-mail verified',
            text: 'Your e-mail address is verified. You can sign in now.',
          });
        case 'verifyAndChangeEmail':
        case 'recoverEmail': {
          const info = await checkActionCode(auth, code);
          await applyActionCode(auth, code);
          // A fresh token carries the new address, which the account row follows. Where the
          // provider ends sessions on an e-mail change, the user simply signs in again.
          const stillSignedIn = await auth.currentUser
            ?.getIdToken(true)
            .then(() => true)
            .catch(() => false);
          return setOutcome({
            state: 'done',
            title: mode === 'recoverEmail' ? 'E-mail restored' : 'E-mail changed',
            text: `Your account's e-mail address is now ${info.data.email ?? 'changed'}.${stillSignedIn ? '' : ' Please sign in with it.'}`,
          });
        }
        case 'resetPassword':
          return setOutcome({ state: 'reset', email: await verifyPasswordResetCode(auth, code) });
        case 'signIn':
          // The landing page completes e-mail link sign-ins (it reads this same address).
          return void navigate(`/?${params.toString()}`, { replace: true });
        default:
          return setOutcome({ state: 'failed', text: 'This link is not one the app knows.' });
      }
    };
    run().catch(() => setOutcome({ state: 'failed', text: EXPIRED }));
  }, [auth, code, mode, navigate, params]);

  return (
    <Card className="shadow-sm mx-auto my-4" style={{ maxWidth: '32rem' }}>
      <Card.Body>
        {outcome.state === 'working' ? <CenteredSpinner label="Checking your link..." /> : null}
        {outcome.state === 'done' ? (
          <>
            <h1 className="h4">{outcome.title}</h1>
            <p>{outcome.text}</p>
            <Link to="/">Go to {PRODUCT_NAME}</Link>
          </>
        ) : null}
        {outcome.state === 'failed' ? (
          <>
            <h1 className="h4">This link didn't work</h1>
            <Alert variant="danger">{outcome.text}</Alert>
            <Link to="/">Go to {PRODUCT_NAME}</Link>
          </>
        ) : null}
        {outcome.state === 'reset' ? (
          <NewPasswordForm
            email={outcome.email}
            onSubmit={async (password) => {
              await confirmPasswordReset(auth, code, password);
              setOutcome({
                state: 'done',
                title: 'Password changed',
                text: 'Your password is changed. Sign in with it now.',
              });
            }}
          />
        ) : null}
      </Card.Body>
    </Card>
  );
}

function NewPasswordForm({
  email,
  onSubmit,
}: {
  email: string;
  onSubmit: (password: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < PASSWORD_MIN) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(password);
    } catch {
      setError(EXPIRED);
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={(event) => void submit(event)}>
      <h1 className="h4">Choose a new password</h1>
      <p>For {email}.</p>
      <Form.Group className="mb-3" controlId="new-password">
        <Form.Label>New password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          isInvalid={tooShort}
        />
        <Form.Control.Feedback type="invalid">Password must be more than 6 characters.</Form.Control.Feedback>
      </Form.Group>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      <Button type="submit" disabled={busy || password.length < PASSWORD_MIN}>
        Save new password
      </Button>
    </Form>
  );
}
