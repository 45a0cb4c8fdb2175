import { useEffect, useRef, type RefObject } from 'react';

const focusedElement = () => {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
};

/**
 * Keeps a keyboard user's place across work that disables (or swaps) the control they used: a
 * disabled or removed element drops the focus to <body>. When `busy` ends, the focus goes back to
 * `target` (else to what was focused when the work began), unless the user has moved it meanwhile.
 */
export function useFocusAcrossBusy(busy: boolean, target?: RefObject<HTMLElement | null>): void {
  const held = useRef<HTMLElement | null>(null);
  const wasBusy = useRef(false);
  // NOTE: read while rendering, before the commit disables the control and the browser blurs it.
  if (busy && !wasBusy.current) held.current = target?.current ?? focusedElement();
  wasBusy.current = busy;
  useEffect(() => {
    if (busy) return;
    const element = held.current;
    held.current = null;
    if (!element?.isConnected) return;
    const now = document.activeElement;
    if (now === null || now === document.body || now === element) element.focus();
  }, [busy]);
}
