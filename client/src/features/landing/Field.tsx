import { createContext, useContext, type ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

/** Whether the dialog's identity call is running: every box of the dialog is locked meanwhile. */
export const DialogBusy = createContext(false);

interface Props {
  controlId: string;
  label: string;
  type: 'email' | 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  autoFocus?: boolean;
  /** Help under the box, read with it by screen readers (its id is `<controlId>-help`). */
  help?: ReactNode;
  helpClassName?: string;
  /** More text under the help, not read with the box. */
  children?: ReactNode;
}

/** A labelled box of a sign-in dialog, with its help text under it. */
export function Field({
  controlId,
  label,
  onChange,
  className,
  help,
  helpClassName,
  children,
  ...input
}: Props) {
  const busy = useContext(DialogBusy);
  const helpId = help === undefined ? undefined : `${controlId}-help`;
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        onChange={(event) => onChange(event.target.value)}
        disabled={busy}
        aria-describedby={helpId}
      />
      {help === undefined ? null : (
        <Form.Text id={helpId} className={helpClassName}>
          {help}
        </Form.Text>
      )}
      {children}
    </Form.Group>
  );
}

type KindProps = Omit<Props, 'label' | 'type' | 'autoComplete'>;

/** The name a user is greeted by. */
export function NameField(props: KindProps) {
  return <Field {...props} label="Name" type="text" autoComplete="name" />;
}

/** A password box: `current-password` signs in, `new-password` registers. */
export function PasswordField(props: KindProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <Field {...props} label="Password" type="password" />;
}
