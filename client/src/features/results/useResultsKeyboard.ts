import { useEffect, useRef, useState } from 'react';

/** What the results page's keys act on; read at each key press, so it may change every render. */
export interface ResultsKeyboardTarget {
  /** Cards shown now. */
  count: number;
  titleOf(index: number): string;
  cardOf(index: number): HTMLElement | null;
  open(index: number): void;
  focusSearch(): void;
  showShortcuts(): void;
  /** False while a dialog (the shortcuts list) is open. */
  enabled: boolean;
}

/** Whether a key press is typing: in a text field, a select or editable content. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The results page's keyboard triage, one keydown listener on the document: `/` search again,
 * `j`/`k` next and previous card, `o` or Enter (on a card) open it, `f` its favourite star, `?`
 * the shortcuts. Keys typed in a field and keys with Ctrl, Alt or Meta are left alone. The card
 * moved to is focused (roving focus) and announced: "Result 3 of 20: <title>".
 */
export function useResultsKeyboard(target: ResultsKeyboardTarget) {
  const [active, setActive] = useState(-1);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef({ target, active });
  latest.current = { target, active };

  useEffect(() => {
    function moveTo(index: number) {
      const { target: current } = latest.current;
      if (current.count === 0) return;
      const next = Math.max(0, Math.min(current.count - 1, index));
      current.cardOf(next)?.focus();
      setActive(next);
      setAnnouncement(`Result ${next + 1} of ${current.count}: ${current.titleOf(next)}`);
    }

    function onKeyDown(event: KeyboardEvent) {
      const { target: current, active: index } = latest.current;
      if (!current.enabled || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const card = index >= 0 ? current.cardOf(index) : null;
      switch (event.key) {
        case 'j':
          moveTo(index + 1);
          break;
        case 'k':
          moveTo(index < 0 ? 0 : index - 1);
          break;
        case 'o':
          if (index < 0) return;
          current.open(index);
          break;
        case 'Enter':
          // Enter on a link or button inside the card does what it does; on the card, it opens.
          if (index < 0 || event.target !== card) return;
          current.open(index);
          break;
        case 'f': {
          const star = card?.querySelector<HTMLButtonElement>('[data-favourite-toggle]');
          if (!star || star.disabled) return;
          star.click();
          break;
        }
        case '/':
          current.focusSearch();
          break;
        case '?':
          current.showShortcuts();
          break;
        default:
          return;
      }
      event.preventDefault();
    }

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return {
    active,
    announcement,
    /** A card got focus another way (Tab, a click): keys go on from there. */
    focused: (index: number) => setActive(index),
  };
}
