import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DialogFooter } from '../../ui/DialogFooter';

interface Props {
  show: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (currentPassword: string) => void;
}

/** Asks for the current password before an account change (the identity provider requires it). */
export function ReauthenticateDialog({ show, busy, onCancel, onConfirm }: Props) {
  const [password, setPassword] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password) onConfirm(password);
  }

  return (
    <Modal
      show={show}
      onHide={busy ? undefined : onCancel}
      onExited={() => setPassword('')}
      centered
      aria-labelledby="reauth-title"
    >
      <Form onSubmit={submit}>
        <Modal.Header closeButton={!busy} closeLabel="Close">
          <Modal.Title id="reauth-title">Confirm it's you</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>Please enter your current password to save these changes.</p>
          <Form.Group controlId="reauth-password">
            <Form.Label>Current password</Form.Label>
            <Form.Control
              type="password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              disabled={busy}
            />
          </Form.Group>
        </Modal.Body>
        <DialogFooter submitLabel="Confirm" canSubmit={password !== ''} busy={busy} onCancel={onCancel} />
      </Form>
    </Modal>
  );
}
