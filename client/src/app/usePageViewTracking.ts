import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Records a page view. Third-party analytics cannot be reached offline, so for now this only
 * writes to the console; swap the body for the analytics call when one is configured.
 */
export function trackPageView(path: string): void {
  console.debug('[page-view]', path);
}

/** Tracks one page view per route change (path and query, not the hash). */
export function usePageViewTracking(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    trackPageView(`${pathname}${search}`);
  }, [pathname, search]);
}
