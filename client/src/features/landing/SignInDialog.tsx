import { useState, type FormEvent } from 'react';
import { sendEmailVerification, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useAuth } from '../../app/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { isLongEnoughPassword, isValidEmail } from './validation';

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
      toast({ title: 'Error.', description: "That didn't work. Try again?", variant: 'danger' });
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
          <Form.Group className="mb-3" controlId="sign-in-email">
            <Form.Label>Email</Form.Label>
            <Form.Control
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={busy}
              autoFocus
            />
          </Form.Group>
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
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!valid || busy}>
            {busy ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
            Sign in
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
