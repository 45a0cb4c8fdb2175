import { useEffect, type RefObject } from 'react';

/** Room kept between a focused control and the fixed bar, so its focus ring shows too. */
const MARGIN_PX = 8;

/**
 * Keeps the focused control clear of a bar fixed at the window's bottom (WCAG 2.4.11). The
 * browser scrolls focus into view only when the control is outside the window, not when it sits
 * inside it under the bar, and `scroll-padding` does not change that: the window is scrolled by
 * the covered part.
 */
export function useFocusClearOf(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    function lift(event: FocusEvent) {
      const target = event.target;
      if (!(target instanceof HTMLElement) || !bar.current || bar.current.contains(target)) return;
      const barTop = bar.current.getBoundingClientRect().top;
      const covered = target.getBoundingClientRect().bottom + MARGIN_PX - barTop;
      if (covered > 0) window.scrollBy({ top: covered, behavior: 'instant' });
    }
    document.addEventListener('focusin', lift);
    return () => document.removeEventListener('focusin', lift);
  }, [bar]);
}
