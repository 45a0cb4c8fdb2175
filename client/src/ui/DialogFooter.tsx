import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';

interface Props {
  /** The submit button's text. */
  submitLabel: string;
  canSubmit: boolean;
  /** While the dialog's call runs: both buttons wait and the submit button spins. */
  busy: boolean;
  onCancel: () => void;
  submitVariant?: 'primary' | 'danger';
}

/** A form dialog's Cancel and submit buttons (the submit button submits the surrounding form). */
export function DialogFooter({ submitLabel, canSubmit, busy, onCancel, submitVariant = 'primary' }: Props) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} disabled={!canSubmit || busy}>
        {busy ? <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
        {submitLabel}
      </Button>
    </Modal.Footer>
  );
}
