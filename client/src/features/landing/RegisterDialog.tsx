import { useState, type FormEvent } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { sendEmailVerification, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { WITHOUT_AUTH } from '../../session/apollo';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { RegisterDocument } from '../../__generated__/graphql';
import { isLongEnoughPassword, isValidEmail } from './validation';
import { DialogFooter } from '../../ui/DialogFooter';
import { EmailField } from './EmailField';
import { reportFailure } from '../../session/serviceStatus';

export function RegisterDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { auth } = useAuth();
  const client = useApolloClient();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isValidEmail(email) && name.trim() !== '' && isLongEnoughPassword(password);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      const input = { email: email.trim(), name: name.trim(), password };
      await client.mutate({ mutation: RegisterDocument, variables: { input }, ...WITHOUT_AUTH });
      // Sign in only long enough to send the verification e-mail; the user signs in once verified.
      const { user } = await signInWithEmailAndPassword(auth, input.email, password);
      await sendEmailVerification(user);
      await signOut(auth);
      toast({
        title: 'Success.',
        description: 'Please check your email to confirm your registration.',
        variant: 'success',
        duration: 5000,
      });
      setPassword('');
      onClose();
    } catch (failure) {
      console.error('Failed to register user', failure);
      reportFailure(failure);
      toast({
        title: 'Error.',
        description: 'Something went wrong registering. Have you already signed up?',
        variant: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="register-title">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="register-title">Register with Email</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <EmailField controlId="register-email" value={email} onChange={setEmail} busy={busy} />
          <Form.Group className="mb-3" controlId="register-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy}
              aria-describedby="register-name-help"
            />
            <Form.Text id="register-name-help" className="d-block">
              This will be used throughout the app, and in emails.
            </Form.Text>
            <Form.Text className="d-block fst-italic">Eg: Welcome, Alice</Form.Text>
          </Form.Group>
          <Form.Group controlId="register-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={busy}
              aria-describedby="register-password-help"
            />
            <Form.Text id="register-password-help">Must be at least 6 characters.</Form.Text>
          </Form.Group>
        </Modal.Body>
        <DialogFooter submitLabel="Register" canSubmit={valid} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
