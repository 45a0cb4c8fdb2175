import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../session/AuthProvider';
import { createPageViewQueue } from './pageViews';

/** Tracks one page view per route change (path and query, not the hash) in first-party analytics. */
export function usePageViewTracking(): void {
  const { auth } = useAuth();
  const { pathname, search } = useLocation();
  const [queue, setQueue] = useState<ReturnType<typeof createPageViewQueue> | null>(null);
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const created = createPageViewQueue({
      idToken: async () => (await auth.currentUser?.getIdToken()) ?? null,
    });
    setQueue(created);
    return () => created.stop();
  }, [auth]);

  useEffect(() => {
    if (!queue) return;
    const path = `${pathname}${search}`;
    // The first view's referrer is the page the visitor came from; later ones, the previous route.
    const referrer = previous.current ?? (document.referrer || null);
    previous.current = path;
    queue.track(path, referrer);
  }, [queue, pathname, search]);
}
