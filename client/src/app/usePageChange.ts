import { useEffect, useRef, type RefObject } from 'react';
import { useLocation, useMatches, useNavigationType } from 'react-router';
import { PRODUCT_NAME } from '@patentscout/schema';
import { isPageHandle } from './pageTitles';

/** The deepest route's title for this address, else none (the product's name alone). */
function usePageTitle(): string | undefined {
  const { search } = useLocation();
  const handle = useMatches()
    .map((match) => match.handle)
    .filter(isPageHandle)
    .at(-1);
  if (!handle) return undefined;
  return typeof handle.title === 'function' ? handle.title(new URLSearchParams(search)) : handle.title;
}

/** Focuses the page's heading, once it is drawn (a page may load first); the main region meanwhile. */
function focusHeading(main: HTMLElement): () => void {
  const focus = (heading: HTMLElement) => {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  };
  const heading = main.querySelector<HTMLElement>('h1');
  if (heading) {
    focus(heading);
    return () => undefined;
  }
  main.focus();
  const watcher = new MutationObserver(() => {
    const drawn = main.querySelector<HTMLElement>('h1');
    if (!drawn) return;
    watcher.disconnect();
    // Only while the user has not moved on from where the page change put them.
    if (document.activeElement === main) focus(drawn);
  });
  watcher.observe(main, { childList: true, subtree: true });
  return () => watcher.disconnect();
}

/**
 * Says a page change the way a screen reader hears it (WCAG 2.4.2, 4.1.3): each route titles the
 * window, and a navigation moves the focus to the new page's heading. Not on the first load (the
 * browser starts at the top), not on an address rewritten in place (a tab, a kept result set), and
 * not when the new page has put the focus somewhere itself (the results' `/` focuses the search box).
 */
export function usePageChange(main: RefObject<HTMLElement | null>): void {
  const title = usePageTitle();
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const firstKey = useRef(key);

  useEffect(() => {
    document.title = title ? `${title} - ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);

  useEffect(() => {
    const region = main.current;
    if (!region || key === firstKey.current || navigationType === 'REPLACE') return;
    const active = document.activeElement;
    if (active && active !== region && region.contains(active)) return;
    return focusHeading(region);
  }, [key, navigationType, main]);
}
