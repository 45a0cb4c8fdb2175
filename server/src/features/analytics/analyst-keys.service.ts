import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AccountNotFoundError } from '../accounts/index.js';
import { ForbiddenError, NotAuthenticatedError, ValidationError } from '../../shared/errors.js';
import { InvalidTokenError } from '../../shared/identity.js';
import { parseInput } from '../../shared/validation.js';
import { assertVerified, type Viewer } from '../../shared/viewer.js';
import type { AnalystKeyRow, AnalystKeysRepo } from './analyst-keys.repo.js';

/** Every analyst key starts with this, so a bearer token is told apart from a Firebase ID token. */
export const API_KEY_PREFIX = 'psk_';

/** `psk_` and 32 random bytes in base64url (43 characters). */
const API_KEY_PATTERN = /^psk_[A-Za-z0-9_-]{43}$/;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

/** Keys are kept as their SHA-256: a leaked table reveals no key. */
const hashOf = (key: string): string => createHash('sha256').update(key).digest('hex');

const CreateKeyInput = z.object({
  email: z.string().trim().min(3, 'Give the analyst account e-mail address (--email).'),
  label: z.string().trim().max(200).default(''),
});

export interface AnalystKey {
  id: string;
  userUid: string;
  email: string;
  label: string;
  createdAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

const toKey = (row: AnalystKeyRow): AnalystKey => ({
  id: row.id,
  userUid: row.user_uid,
  email: row.email,
  label: row.label,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export interface AnalystKeysService {
  /**
   * The viewer of `Authorization: Bearer psk_...`: the key's owner, marked with the key's id
   * (so nothing of the owner's own data opens to it). An unknown or revoked key, or one whose
   * owner is no longer an analyst, is refused like an invalid token.
   */
  authenticate(key: string): Promise<Viewer>;
  /** Whether the account is an analyst (`Account.analyst`: the client shows the insights page). */
  isAnalyst(uid: string): Promise<boolean>;
  /**
   * The gate of the analytics: an analyst key, or a signed-in, verified analyst account
   * (401 signed out, 403 FORBIDDEN for anyone else).
   */
  assertAnalyst(viewer: Viewer | null): Promise<void>;
  /**
   * Grants the account the analyst flag and creates a key for it. The key itself is in the
   * answer only: it is stored as a hash and cannot be shown again.
   */
  create(input: { email: string; label?: string }): Promise<{ key: string; record: AnalystKey }>;
  /** Revokes one key (by id) or every key of an account (by e-mail); answers the revoked ids. */
  revoke(target: { id?: string; email?: string }): Promise<string[]>;
  list(): Promise<AnalystKey[]>;
}

export function createAnalystKeysService(deps: { repo: AnalystKeysRepo }): AnalystKeysService {
  const { repo } = deps;
  return {
    async authenticate(key: string): Promise<Viewer> {
      if (!API_KEY_PATTERN.test(key)) throw new InvalidTokenError();
      const found = await repo.useKey(hashOf(key));
      if (!found) throw new InvalidTokenError();
      return {
        uid: found.userUid,
        email: null,
        emailVerified: true,
        name: null,
        signInProvider: 'analyst-api-key',
        apiKeyId: found.id,
      };
    },

    isAnalyst: (uid: string): Promise<boolean> => repo.isAnalyst(uid),

    async assertAnalyst(viewer: Viewer | null): Promise<void> {
      if (!viewer) throw new NotAuthenticatedError();
      if (viewer.apiKeyId !== undefined) return;
      assertVerified(viewer);
      if (!(await repo.isAnalyst(viewer.uid)))
        throw new ForbiddenError('The analytics are open to analyst accounts only.');
    },

    async create(input: { email: string; label?: string }): Promise<{ key: string; record: AnalystKey }> {
      const { email, label } = parseInput(CreateKeyInput, input);
      const account = await repo.findAccountByEmail(email);
      if (!account) throw new AccountNotFoundError();
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const record = await repo.grantAndCreate(account.uid, hashOf(key), label);
      return { key, record: toKey(record) };
    },

    async revoke(target: { id?: string; email?: string }): Promise<string[]> {
      if (target.id !== undefined) {
        if (!/^\d{1,18}$/.test(target.id)) throw new ValidationError('A key id is a number (see `list`).');
        return repo.revoke({ id: target.id });
      }
      if (target.email !== undefined) {
        const account = await repo.findAccountByEmail(target.email);
        if (!account) throw new AccountNotFoundError();
        return repo.revoke({ uid: account.uid });
      }
      throw new ValidationError('Say which key to revoke: --id ID or --email E.');
    },

    async list(): Promise<AnalystKey[]> {
      return (await repo.list()).map(toKey);
    },
  };
}
