import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import { DialogBusy } from './Field';

/** What every sign-in dialog is given by the page that opens it. */
export interface DialogProps {
  show: boolean;
  onClose: () => void;
}

/** A dialog's title (its id names the dialog) and its submit button's text. */
export interface DialogTexts {
  titleId: string;
  title: string;
  submitLabel: string;
}

interface Props extends DialogProps {
  texts: DialogTexts;
  canSubmit: boolean;
  busy: boolean;
  /** Called on submit only when the form may be sent and no call is running. */
  onSubmit: () => void;
  /** While busy the dialog cannot be closed (its call signs the user in when it settles). */
  lockedWhileBusy?: boolean;
  children: ReactNode;
}

/** A sign-in dialog: its title, its fields (locked while busy), and Cancel and submit buttons. */
export function DialogForm({
  show,
  onClose,
  texts,
  canSubmit,
  busy,
  onSubmit,
  lockedWhileBusy,
  children,
}: Props) {
  const locked = lockedWhileBusy === true && busy;
  return (
    <Modal show={show} onHide={locked ? undefined : onClose} centered aria-labelledby={texts.titleId}>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSubmit && !busy) onSubmit();
        }}
        noValidate
      >
        <Modal.Header closeButton={!locked} closeLabel="Close">
          <Modal.Title id={texts.titleId}>{texts.title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DialogBusy.Provider value={busy}>{children}</DialogBusy.Provider>
        </Modal.Body>
        <DialogFooter submitLabel={texts.submitLabel} canSubmit={canSubmit} busy={busy} onCancel={onClose} />
      </Form>
    </Modal>
  );
}
