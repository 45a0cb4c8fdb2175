import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { SearchInputControl } from './LensQueryInput';

interface Props {
  id: string;
  label: string;
  placeholder: string;
  initialText: string;
  loading: boolean;
  /** Limited accounts cannot search until they upgrade or the month turns. */
  limited: boolean;
  onSearch: (text: string) => void;
  /** A refusal to show instead of searching (what the server would refuse), or null to search. */
  check?: (text: string) => string | null;
  /** The text box; a plain text area when absent. */
  renderInput?: (control: SearchInputControl) => ReactNode;
  /** Focus the box on arrival (the results page's `/` shortcut). */
  autoFocus?: boolean;
  children?: ReactNode;
}

/** A search text box with its button; Enter searches, Shift+Enter adds a line. */
export function SearchForm({
  id,
  label,
  placeholder,
  initialText,
  loading,
  limited,
  onSearch,
  check,
  renderInput,
  autoFocus = false,
  children,
}: Props) {
  const [text, setText] = useState(initialText);
  const [refusal, setRefusal] = useState<string | null>(null);
  const empty = text.trim() === '';

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (empty || loading || limited) return;
    const problem = check?.(text) ?? null;
    setRefusal(problem);
    // A query the server would refuse is never sent: the refusal shows instead.
    if (problem === null) onSearch(text.trim());
  };

  const change = (next: string) => {
    setText(next);
    setRefusal(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <Form.Group controlId={id} className="mb-3">
        <Form.Label className="fw-semibold">{label}</Form.Label>
        {renderInput ? (
          renderInput({
            id,
            value: text,
            placeholder,
            disabled: loading || limited,
            autoFocus,
            onChange: change,
            onKeyDown,
          })
        ) : (
          <Form.Control
            as="textarea"
            rows={4}
            value={text}
            placeholder={placeholder}
            onChange={(event) => change(event.target.value)}
            onKeyDown={onKeyDown}
            disabled={loading || limited}
            autoFocus={autoFocus}
          />
        )}
      </Form.Group>
      {refusal ? (
        <Alert variant="danger" className="py-2" role="alert">
          This query cannot be searched. {refusal}
        </Alert>
      ) : null}
      <div className="d-flex align-items-center gap-3">
        <Button type="submit" variant="primary" disabled={empty || loading || limited}>
          {loading ? <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" /> : null}
          Search
        </Button>
      </div>
      {loading ? (
        <Alert variant="light" className="mt-3 mb-0 border" role="status">
          <div className="fw-semibold">Searches can take up to 1 minute.</div>
          <div className="small text-muted">
            Please wait while we look through the patents for you. Thanks for your patience!
          </div>
        </Alert>
      ) : null}
      {children}
    </Form>
  );
}
