import { LRUCache } from 'lru-cache';
import type { Viewer } from '../shared/viewer.js';

/** A verified token's viewer and the moment (epoch ms) the token expires. */
export interface Verification {
  viewer: Viewer;
  expiresAt: number;
}

/**
 * Remembers verified ID tokens until they expire, so that a signed-in user's requests do not
 * each pay for a verification (several milliseconds of the server's CPU). Tokens are checked
 * without a revocation look-up, so a remembered answer is the answer a new check would give
 * until the token's own expiry. Refused tokens are never remembered.
 */
export function rememberVerifiedTokens(
  verify: (token: string) => Promise<Verification>,
  options: { maxTokens?: number; now?: () => number } = {},
): (token: string) => Promise<Viewer> {
  const now = options.now ?? Date.now;
  const verified = new LRUCache<string, Verification>({ max: options.maxTokens ?? 10_000 });
  return async (token) => {
    const known = verified.get(token);
    if (known && known.expiresAt > now()) return known.viewer;
    if (known) verified.delete(token);
    const fresh = await verify(token);
    if (fresh.expiresAt > now()) verified.set(token, fresh);
    return fresh.viewer;
  };
}
