import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token stops: one saved search, or every weekly update of the user. */
export type UnsubscribeScope = { savedSearchId: number } | 'all';

/**
 * A one-click unsubscribe token: its scope and the user, signed with the server's secret
 * (HMAC-SHA256), so a link works without signing in and cannot be forged for another search.
 */
export function signUnsubscribeToken(secret: string, scope: UnsubscribeScope, uid: string): string {
  const payload = Buffer.from(`${scope === 'all' ? 'all' : scope.savedSearchId}:${uid}`).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload)}`;
}

/** The token's scope and user, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { scope: UnsubscribeScope; uid: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const match = /^(all|\d{1,15}):(.+)$/.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match) return null;
  const scope: UnsubscribeScope = match[1] === 'all' ? 'all' : { savedSearchId: Number(match[1]) };
  return { scope, uid: match[2]! };
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}
