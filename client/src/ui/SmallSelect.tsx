import Form from 'react-bootstrap/Form';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface Props<T extends string> {
  controlId: string;
  label: string;
  value: T;
  /** The box offers only `options` (and '' when `anyLabel` is given), so what it reports is one of them. */
  onChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  /** The first choice, value '', that leaves the list unfiltered ("All tags"). */
  anyLabel?: string;
}

/** A small labelled drop-down of a toolbar above a list (refine, sort, colour by). */
export function SmallSelect<T extends string>({
  controlId,
  label,
  value,
  onChange,
  options,
  anyLabel,
}: Props<T>) {
  return (
    <Form.Group controlId={controlId}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {anyLabel === undefined ? null : <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
