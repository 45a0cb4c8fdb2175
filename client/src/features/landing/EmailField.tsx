import Form from 'react-bootstrap/Form';

interface Props {
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  busy: boolean;
  label?: string;
  className?: string;
}

/** The e-mail box every sign-in dialog opens with (focused first, locked while the call runs). */
export function EmailField({ controlId, value, onChange, busy, label = 'Email', className = 'mb-3' }: Props) {
  return (
    <Form.Group className={className} controlId={controlId}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="email"
        autoComplete="email"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={busy}
        autoFocus
      />
    </Form.Group>
  );
}
