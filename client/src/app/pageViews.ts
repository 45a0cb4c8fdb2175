/** One route change, as `POST /api/v1/page-views` takes it. */
export interface PageView {
  path: string;
  referrer: string | null;
  at: string;
}

const ENDPOINT = '/api/v1/page-views';
const SESSION_KEY = 'patentscout.analyticsSession';
/** A batch goes when it has this many views, or this long after its first one. */
const BATCH_SIZE = 10;
const BATCH_WAIT_MS = 5000;

function sessionId(): string {
  const saved = window.sessionStorage.getItem(SESSION_KEY);
  if (saved) return saved;
  const fresh = crypto.randomUUID();
  window.sessionStorage.setItem(SESSION_KEY, fresh);
  return fresh;
}

/**
 * First-party page-view analytics: views wait in a small batch that `navigator.sendBeacon` sends
 * (it survives the page closing). A beacon carries no headers, so a signed-in browser puts its
 * ID token in the body.
 */
export function createPageViewQueue(deps: { idToken: () => Promise<string | null> }) {
  let views: PageView[] = [];
  let token: string | null = null;
  let timer: number | undefined;

  function flush() {
    window.clearTimeout(timer);
    timer = undefined;
    if (views.length === 0) return;
    const body = JSON.stringify({ sessionId: sessionId(), ...(token ? { idToken: token } : {}), views });
    views = [];
    if (!navigator.sendBeacon?.(ENDPOINT, body)) {
      void fetch(ENDPOINT, { method: 'POST', body, keepalive: true }).catch(() => undefined);
    }
  }

  function onHidden() {
    if (document.visibilityState === 'hidden') flush();
  }
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);

  return {
    track(path: string, referrer: string | null) {
      views.push({ path, referrer, at: new Date().toISOString() });
      // The token is cached by the SDK; fetching it now keeps it at hand for a beacon on unload.
      void deps
        .idToken()
        .then((fresh) => (token = fresh))
        .catch(() => (token = null));
      if (views.length >= BATCH_SIZE) flush();
      else timer ??= window.setTimeout(flush, BATCH_WAIT_MS);
    },
    flush,
    stop() {
      flush();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', flush);
    },
  };
}
