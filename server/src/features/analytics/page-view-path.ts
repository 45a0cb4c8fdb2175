/** Query parameters that carry one-time codes or keys: never stored with a page view. */
const SECRET_PARAMS = ['oobCode', 'apiKey', 'token', 'continueUrl', 'code', 'session_id'];

/** The path and query of an in-app address, without its secrets and its fragment. */
export function cleanPath(path: string): string {
  const url = new URL(path, 'http://in-app.invalid');
  for (const name of SECRET_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}`;
}

/**
 * A referrer: in-app paths are cleaned like paths; another site's address keeps only its origin
 * and path (its query may hold someone else's data).
 */
export function cleanReferrer(referrer: string): string | null {
  if (referrer.startsWith('/')) return cleanPath(referrer);
  if (!URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.origin}${url.pathname}`;
}
