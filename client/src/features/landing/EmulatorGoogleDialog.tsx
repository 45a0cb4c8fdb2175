import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { isValidEmail } from './validation';
import { DialogFooter } from '../../ui/DialogFooter';
import { EmailField } from './EmailField';

export interface GoogleTestAccount {
  email: string;
  name: string;
}

interface Props {
  show: boolean;
  onClose: () => void;
  onChoose: (account: GoogleTestAccount) => Promise<void>;
}

/**
 * Embedded mode's Google account chooser. The Auth emulator stands in for Google; its own popup
 * needs Google's scripts from the internet, so the app asks for the test account itself and signs
 * in with the emulator's documented fake Google credential.
 */
export function EmulatorGoogleDialog({ show, onClose, onChoose }: Props) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = isValidEmail(email);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    try {
      await onChoose({ email: email.trim(), name: name.trim() });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal show={show} onHide={busy ? undefined : onClose} centered aria-labelledby="google-chooser-title">
      <Form onSubmit={(event) => void submit(event)} noValidate>
        <Modal.Header closeButton={!busy} closeLabel="Close">
          <Modal.Title id="google-chooser-title">Choose a Google account</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-muted">
            This local copy runs the Firebase Auth emulator in place of Google: any address signs in as a test
            Google account, and the same address signs in to the same account next time.
          </p>
          <EmailField
            controlId="google-email"
            value={email}
            onChange={setEmail}
            busy={busy}
            label="Google e-mail"
          />
          <Form.Group controlId="google-name">
            <Form.Label>Name</Form.Label>
            <Form.Control
              type="text"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              disabled={busy}
            />
          </Form.Group>
        </Modal.Body>
        <DialogFooter submitLabel="Continue" canSubmit={valid} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
