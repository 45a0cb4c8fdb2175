import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { readLensQueryAloud, type LensQueryReading } from './lensQueryReading';
import { applyLensSuggestion, lensSuggestionsAt, type LensSuggestions } from './lensSuggestions';

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
 * server would answer, with its character underlined in the box. It is a combobox (WAI-ARIA
 * 1.2): while a word is typed it lists field names and, for keyword fields, their values
 * (Up/Down choose, Enter or Tab take the chosen one, Escape closes).
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
  const box = useRef<HTMLTextAreaElement>(null);
  const caretAfterChange = useRef<number | null>(null);
  const [suggestions, setSuggestions] = useState<LensSuggestions | null>(null);
  const [chosen, setChosen] = useState(-1);
  const readingId = `${id}-reading`;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-suggestion-${index}`;

  // After a suggestion is taken, the caret goes right after what it inserted.
  useEffect(() => {
    if (caretAfterChange.current === null || !box.current) return;
    box.current.setSelectionRange(caretAfterChange.current, caretAfterChange.current);
    caretAfterChange.current = null;
  }, [value]);

  const suggest = (text: string, caret: number) => {
    setSuggestions(lensSuggestionsAt(text, caret));
    setChosen(-1);
  };

  const take = (index: number) => {
    const option = suggestions?.options[index];
    if (!suggestions || !option) return;
    const next = applyLensSuggestion(value, suggestions, option);
    caretAfterChange.current = next.caret;
    onChange(next.text);
    suggest(next.text, next.caret);
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const count = suggestions?.options.length ?? 0;
    if (count > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setChosen((current) => (current + step + count + (current < 0 && step < 0 ? 1 : 0)) % count);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setSuggestions(null);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && chosen >= 0 && !event.shiftKey) {
        event.preventDefault();
        take(chosen);
        return;
      }
    }
    onKeyDown(event);
  };

  const open = !disabled && suggestions !== null && suggestions.options.length > 0;

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
          ref={box}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && chosen >= 0 ? optionId(chosen) : undefined}
          className="form-control lens-query-input"
          rows={4}
          value={value}
          placeholder={placeholder}
          disabled={disabled}
          spellCheck={false}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={readingId}
          onChange={(event) => {
            onChange(event.target.value);
            suggest(event.target.value, event.target.selectionStart ?? event.target.value.length);
          }}
          onKeyDown={keyDown}
          onBlur={() => setSuggestions(null)}
          onScroll={(event) => {
            if (backdrop.current) backdrop.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label="Suggestions"
          className={`list-group lens-query-suggestions shadow-sm${open ? '' : ' d-none'}`}
        >
          {open
            ? suggestions.options.map((option, index) => (
                <li
                  key={option.insert}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === chosen}
                  className={`list-group-item list-group-item-action py-1 small${index === chosen ? ' active' : ''}`}
                  // Taken on mouse down, before the box loses focus and closes the list.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    take(index);
                  }}
                >
                  <code className={index === chosen ? 'text-white' : undefined}>{option.label}</code>
                  {option.description ? <span className="ms-2">{option.description}</span> : null}
                </li>
              ))
            : null}
        </ul>
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
