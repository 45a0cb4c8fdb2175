import { Field } from './Field';

interface Props {
  controlId: string;
  value: string;
  onChange: (value: string) => void;
  label?: string;
  className?: string;
}

/** The e-mail box every sign-in dialog opens with (focused first, locked while the call runs). */
export function EmailField({ label = 'Email', className = 'mb-3', ...field }: Props) {
  return <Field {...field} label={label} className={className} type="email" autoComplete="email" autoFocus />;
}
