import { z } from 'zod';
import { EmailAlreadyRegisteredError, type IdentityProvider } from '../../shared/identity.js';
import { AppError, ForbiddenError, NotAuthenticatedError } from '../../shared/errors.js';
import type { Clock } from '../../shared/clock.js';
import { parseInput } from '../../shared/validation.js';
import { ApiKeyForbiddenError, assertVerified, type Viewer } from '../../shared/viewer.js';
import type { AccountLifecycle } from '../feature-module.js';
import type { Logger } from '../../shared/logger.js';
import type { AccountsRepo } from './accounts.repo.js';
import type { Account } from './accounts.model.js';

export type { Viewer };

/** The specification's basic address pattern: characters, @, domain. */
const email = z
  .string()
  .trim()
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid e-mail address.');

const RegisterInput = z.object({
  email,
  name: z.string().trim().min(1, 'Please enter your name.').max(200),
  password: z.string().min(7, 'Password must be more than 6 characters.').max(4096),
});

const GoogleRegistrationInput = z.object({
  email,
  displayName: z.string().trim().max(200).nullish(),
  createdAt: z.string().nullish(),
  uid: z.string().min(1),
});

const UpdateAccountInput = z
  .object({
    email: email.optional(),
    // NOTE: the form's "At least two characters" is a hint; the specification does not enforce it (§5).
    name: z.string().trim().min(1, 'Please enter your name.').max(200).optional(),
    /** Some clients send the uid they mean; it must be the signed-in user's. */
    uid: z.string().min(1).optional(),
  })
  .strict()
  .refine((input) => input.email !== undefined || input.name !== undefined, {
    message: 'Give a new name or e-mail address.',
  });

const DeleteAccountInput = z.object({ email }).strict();

/** How long a closed account's data is kept before the purge removes it. */
export const DELETED_ACCOUNT_RETENTION_DAYS = 30;

export class AccountDeletedError extends AppError {
  constructor() {
    super('ACCOUNT_DELETED', 'This account has been deleted.');
  }
}

export class AccountNotFoundError extends AppError {
  constructor() {
    super('ACCOUNT_NOT_FOUND', 'Account not found.');
  }
}

export interface AccountsService {
  getAccount(viewer: Viewer | null): Promise<Account>;
  findAccount(viewer: Viewer | null): Promise<Account | null>;
  /** Where to write to a user (jobs mail users who are not signing in): null without an account. */
  contactOf(uid: string): Promise<{ email: string; name: string } | null>;
  register(input: unknown): Promise<{ uid: string }>;
  /**
   * Changes the account's name, and its e-mail only to the address the identity provider
   * already has (after the user confirmed it): another address stays pending until then.
   */
  updateAccount(viewer: Viewer | null, input: unknown): Promise<Account>;
  /**
   * Closes the account at once (no sign-in, no API access, no more mail) and removes the
   * identity; the purge job deletes its data after the retention period.
   */
  deleteAccount(viewer: Viewer | null, input: unknown): Promise<{ deleted: true }>;
  /** True for a closed account: its tokens are refused even while they have not expired. */
  isDeleted(uid: string): Promise<boolean>;
  /**
   * Deletes the data of accounts closed more than the retention period ago: each feature
   * removes its own first (billing checks with the provider that nothing is left to charge),
   * then the rows go. A failing step stops the purge; the next run does it all again.
   */
  purgeDeleted(): Promise<number>;
  registerGoogleUser(viewer: Viewer | null, input: unknown): Promise<Account>;
}

export function createAccountsService(deps: {
  repo: AccountsRepo;
  identity: IdentityProvider;
  clock: Clock;
  logger: Logger;
  /**
   * Every feature's part in an account's end (billing stops the subscriptions, search and the
   * plan remove what they keep), in the registry's order; asked for when needed, since those
   * features are created after this one.
   */
  lifecycles: () => Array<AccountLifecycle & { feature: string }>;
}): AccountsService {
  const { repo, identity, clock, logger } = deps;

  return {
    async getAccount(viewer: Viewer | null): Promise<Account> {
      if (!viewer) throw new NotAuthenticatedError();
      // The account (its e-mail address) is the user's own: an analyst key never reads it.
      if (viewer.apiKeyId !== undefined) throw new ApiKeyForbiddenError();
      let row = await repo.findByUid(viewer.uid);
      if (!row) throw new AccountNotFoundError();
      // The identity provider changes the e-mail once the user confirms it from the new address:
      // the row follows the token, never a client's word.
      if (viewer.email && viewer.email.toLowerCase() !== row.email.toLowerCase()) {
        row = (await repo.updateProfile(viewer.uid, { email: viewer.email })) ?? row;
      }
      return {
        uid: row.uid,
        name: row.name,
        email: row.email,
        emailVerified: viewer.emailVerified,
      };
    },

    async findAccount(viewer: Viewer | null): Promise<Account | null> {
      try {
        return await this.getAccount(viewer);
      } catch (error) {
        if (error instanceof AccountNotFoundError) return null;
        throw error;
      }
    },

    async contactOf(uid: string): Promise<{ email: string; name: string } | null> {
      const row = await repo.findByUid(uid);
      return row && !row.deleted_at ? { email: row.email, name: row.name } : null;
    },

    async register(input: unknown): Promise<{ uid: string }> {
      const { email: address, name, password } = parseInput(RegisterInput, input);
      const { uid } = await identity.createUser({ email: address, password, displayName: name });
      if (!(await repo.upsert({ uid, email: address, name }))) throw new EmailAlreadyRegisteredError();
      return { uid };
    },

    async updateAccount(viewer: Viewer | null, input: unknown): Promise<Account> {
      assertVerified(viewer);
      const changes = parseInput(UpdateAccountInput, input);
      if (changes.uid !== undefined && changes.uid !== viewer.uid) {
        throw new ForbiddenError('You can only change your own account.');
      }
      const current = await this.getAccount(viewer);
      const confirmedEmail =
        changes.email !== undefined &&
        viewer.email &&
        changes.email.toLowerCase() === viewer.email.toLowerCase()
          ? viewer.email
          : undefined;
      const update = {
        ...(changes.name !== undefined && changes.name !== current.name ? { name: changes.name } : {}),
        ...(confirmedEmail && confirmedEmail !== current.email ? { email: confirmedEmail } : {}),
      };
      if (Object.keys(update).length === 0) return current;
      if (!(await repo.updateProfile(viewer.uid, update))) throw new EmailAlreadyRegisteredError();
      return this.getAccount(viewer);
    },

    async deleteAccount(viewer: Viewer | null, input: unknown): Promise<{ deleted: true }> {
      assertVerified(viewer);
      const { email: confirmation } = parseInput(DeleteAccountInput, input);
      const account = await this.getAccount(viewer);
      if (confirmation.toLowerCase() !== account.email.toLowerCase()) {
        throw new ForbiddenError("The e-mail address doesn't match your account's.");
      }
      for (const lifecycle of deps.lifecycles()) await lifecycle.close?.(viewer.uid);
      await repo.markDeleted(viewer.uid, clock.now());
      await identity.deleteUser(viewer.uid);
      return { deleted: true };
    },

    isDeleted(uid: string): Promise<boolean> {
      return repo.isDeleted(uid);
    },

    async purgeDeleted(): Promise<number> {
      const before = new Date(clock.now().getTime() - DELETED_ACCOUNT_RETENTION_DAYS * 24 * 3600_000);
      const uids = await repo.closedBefore(before);
      if (uids.length === 0) return 0;
      for (const lifecycle of deps.lifecycles()) {
        if (!lifecycle.purge) continue;
        await lifecycle.purge(uids);
        logger.debug(
          { feature: lifecycle.feature, accounts: uids.length },
          'closed accounts purged by a feature',
        );
      }
      return repo.deleteAccounts(uids);
    },

    async registerGoogleUser(viewer: Viewer | null, input: unknown): Promise<Account> {
      assertVerified(viewer);
      const registration = parseInput(GoogleRegistrationInput, input);
      if (registration.uid !== viewer.uid) {
        throw new ForbiddenError('You can only register your own account.');
      }
      const name = registration.displayName || registration.email.split('@')[0]!;
      if (!(await repo.upsert({ uid: viewer.uid, email: registration.email, name }))) {
        throw new EmailAlreadyRegisteredError();
      }
      return this.getAccount(viewer);
    },
  };
}
