import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { readLensQueryAloud, type LensQueryReading } from './lensQueryReading';

/** How long typing pauses before the query is read back. */
const READ_DELAY_MS = 250;

export interface SearchInputControl {
  id: string;
  value: string;
  placeholder: string;
  disabled: boolean;
  autoFocus?: boolean;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
}

/**
 * The Advanced search box: a text area that reads the query back in plain English as the user
 * types (parsed here, by the parser the server uses: no request is made), or shows the error the
 * server would answer, with its character underlined in the box.
 */
export function LensQueryInput({
  id,
  value,
  placeholder,
  disabled,
  autoFocus,
  onChange,
  onKeyDown,
}: SearchInputControl) {
  const [reading, setReading] = useState<LensQueryReading>(() => readLensQueryAloud(value));
  const backdrop = useRef<HTMLDivElement>(null);
  const readingId = `${id}-reading`;

  useEffect(() => {
    const timer = setTimeout(() => setReading(readLensQueryAloud(value)), READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);

  const error = reading.kind === 'error' ? reading : null;
  // The reading can lag the text by the debounce; never underline past the text's end.
  const at = error ? Math.min(error.position, value.length) : -1;

  return (
    <>
      <div className="lens-query-box">
        <div ref={backdrop} className="form-control lens-query-backdrop" aria-hidden="true">
          {error ? (
            <>
              {value.slice(0, at)}
              <span className="lens-query-error-mark" data-testid="query-error-mark">
                {value.slice(at, at + 1) || ' '}
              </span>
              {value.slice(at + 1)}
            </>
          ) : (
            value
          )}
        </div>
        <textarea
          id={id}
          className="form-control lens-query-input"
          rows={4}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          spellCheck={false}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={readingId}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onScroll={(event) => {
            if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
      </div>
      <div
        id={readingId}
        className="small mt-2 lens-query-reading"
        aria-live="polite"
        data-testid="query-reading"
      >
        {reading.kind === 'reading' ? (
          <span className="text-body-secondary">
            <span className="visually-hidden">This query finds: </span>
            {reading.text}
          </span>
        ) : error ? (
          <span className="text-danger">{error.message}</span>
        ) : null}
      </div>
    </>
  );
}
