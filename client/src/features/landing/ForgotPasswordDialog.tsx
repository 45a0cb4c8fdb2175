import { useState, type FormEvent } from 'react';
import { sendPasswordResetEmail } from 'firebase/auth';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useAuth } from '../../session/AuthProvider';
import { useToast } from '../../ui/Toasts';
import { isValidEmail } from './validation';
import { DialogFooter } from '../../ui/DialogFooter';
import { EmailField } from './EmailField';
import { reportFailure } from '../../session/serviceStatus';

export function ForgotPasswordDialog({ show, onClose }: { show: boolean; onClose: () => void }) {
  const { auth } = useAuth();
  const toast = useToast();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isValidEmail(email);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      // The reset page links back to the site once the new password is set.
      await sendPasswordResetEmail(auth, email.trim(), { url: `${window.location.origin}/` });
      toast({
        title: 'Password Reset Email Sent',
        description: 'Check your inbox for instructions.',
        variant: 'success',
      });
      onClose();
    } catch (failure) {
      console.error('Sending the password reset e-mail failed', failure);
      reportFailure(failure);
      toast({ title: 'Error', description: 'Failed to send password reset email.', variant: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="forgot-password-title">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton closeLabel="Close">
          <Modal.Title id="forgot-password-title">Forgot password</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-muted">
            Enter the e-mail you signed up with and we'll send you a link to reset your password.
          </p>
          <EmailField
            controlId="forgot-password-email"
            value={email}
            onChange={setEmail}
            busy={busy}
            className=""
          />
        </Modal.Body>
        <DialogFooter submitLabel="Send" canSubmit={valid} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
