import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DialogFooter } from '../../ui/DialogFooter';

interface Props {
  show: boolean;
  onClose: () => void;
  /** The title's id, which names the dialog. */
  titleId: string;
  title: string;
  submitLabel: string;
  canSubmit: boolean;
  busy: boolean;
  /** Called on submit only when the form may be sent and no call is running. */
  onSubmit: () => void;
  /** While busy the dialog cannot be closed (its call signs the user in when it settles). */
  lockedWhileBusy?: boolean;
  children: ReactNode;
}

/** A sign-in dialog: its title, its fields, and Cancel and submit buttons that submit the form. */
export function DialogForm({
  show,
  onClose,
  titleId,
  title,
  submitLabel,
  canSubmit,
  busy,
  onSubmit,
  lockedWhileBusy,
  children,
}: Props) {
  const locked = lockedWhileBusy === true && busy;
  return (
    <Modal show={show} onHide={locked ? undefined : onClose} centered aria-labelledby={titleId}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit && !busy) onSubmit();
        }}
        noValidate
      >
        <Modal.Header closeButton={!locked} closeLabel="Close">
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <DialogFooter submitLabel={submitLabel} canSubmit={canSubmit} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
