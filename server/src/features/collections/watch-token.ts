import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a token stops: one collection's weekly e-mail, or every one of the user's. */
export type WatchScope = { collectionId: string } | 'all';

/**
 * A one-click link that stops one collection's weekly e-mail (or all of them) for one user, signed with the
 * server's unsubscribe secret (HMAC-SHA256). Its payload starts `watch:`, which a weekly update's
 * token never does, so neither kind is taken for the other.
 */
export function signWatchToken(secret: string, scope: WatchScope, uid: string): string {
  const payload = Buffer.from(`watch:${scope === 'all' ? 'all' : scope.collectionId}:${uid}`).toString(
    'base64url',
  );
  return `${payload}.${mac(secret, payload)}`;
}

export function verifyWatchToken(secret: string, token: string): { scope: WatchScope; uid: string } | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const match = /^watch:([0-9a-f-]{36}|all):(.+)$/.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!match) return null;
  return { scope: match[1] === 'all' ? 'all' : { collectionId: match[1]! }, uid: match[2]! };
}

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}
