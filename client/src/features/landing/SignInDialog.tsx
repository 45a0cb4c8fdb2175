import { useState, type FormEvent } from 'react';
import {
  sendEmailVerification,
  sendSignInLinkToEmail,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { EMAIL_FOR_SIGN_IN_KEY } from './useEmailLinkSignIn';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { DialogFooter } from '../../ui/DialogFooter';
import { EmailField } from './EmailField';
import { reportFailure } from '../../session/serviceStatus';
import { useFocusAcrossBusy } from '../../ui/useFocusAcrossBusy';

interface Props {
  show: boolean;
  onClose: () => void;
  onForgotPassword: () => void;
}

export function SignInDialog({ show, onClose, onForgotPassword }: Props) {
  const { auth } = useAuth();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isValidEmail(email) && isLongEnoughPassword(password);
  // The fields wait while a sign-in runs; after a failure the user is back where they typed.
  useFocusAcrossBusy(busy);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const { user } = await signInWithEmailAndPassword(auth, email.trim(), password);
      if (user.emailVerified) {
        toast({ title: 'Welcome back.', description: "You're signed in.", variant: 'success' });
        setPassword('');
        onClose();
      } else {
        await sendEmailVerification(user);
        toast({
          title: 'Verification Needed',
          description: 'Your sign in was successful, but you need to verify your account before proceeding.',
          variant: 'warning',
        });
        await signOut(auth);
      }
    } catch (failure) {
      console.error('E-mail sign-in failed', failure);
      reportFailure(failure);
      toast({ title: 'Error.', description: "That didn't work. Try again?", variant: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const sendSignInLink = async () => {
    if (!isValidEmail(email) || busy) return;
    setBusy(true);
    const address = email.trim();
    try {
      await sendSignInLinkToEmail(auth, address, {
        url: `${window.location.origin}/`,
        handleCodeInApp: true,
      });
      window.localStorage.setItem(EMAIL_FOR_SIGN_IN_KEY, address);
      toast({
        title: 'Sign-in link sent.',
        description: `Check ${address} and follow the link to sign in.`,
        variant: 'success',
      });
      onClose();
    } catch (failure) {
      console.error('Sending the sign-in link failed', failure);
      reportFailure(failure);
      toast({
        title: 'Error.',
        description: "Couldn't send the sign-in link. Try again?",
        variant: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="sign-in-title">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="sign-in-title">Sign in with Email</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <EmailField controlId="sign-in-email" value={email} onChange={setEmail} busy={busy} />
          <Form.Group className="mb-2" controlId="sign-in-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
            />
          </Form.Group>
          <a
            href="#forgot-password"
            className="link-primary small"
            onClick={(event) => {
              event.preventDefault();
              onForgotPassword();
            }}
          >
            Forgot password?
          </a>
          <p className="small text-muted mt-3 mb-0">
            No password at hand?{' '}
            <Button
              variant="link"
              size="sm"
              className="p-0 align-baseline"
              onClick={() => void sendSignInLink()}
              disabled={!isValidEmail(email) || busy}
            >
              E-mail me a sign-in link
            </Button>
          </p>
        </Modal.Body>
        <DialogFooter submitLabel="Sign in" canSubmit={valid} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
