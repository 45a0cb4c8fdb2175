import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface Props {
  controlId: string;
  label: string;
  type: 'email' | 'text' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  /** Locked while the dialog's identity call runs. */
  busy: boolean;
  className?: string;
  autoFocus?: boolean;
  /** The id of the help text (given as children) that screen readers read with the box. */
  describedBy?: string;
  children?: ReactNode;
}

/** A labelled box of a sign-in dialog, with its help text under it. */
export function Field({
  controlId,
  label,
  onChange,
  busy,
  className,
  describedBy,
  children,
  ...input
}: Props) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...input}
        onChange={(event) => onChange(event.target.value)}
        disabled={busy}
        aria-describedby={describedBy}
      />
      {children}
    </Form.Group>
  );
}
