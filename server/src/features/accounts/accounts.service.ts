import { z } from 'zod';
import { EmailAlreadyRegisteredError, type IdentityProvider } from '../../shared/identity.js';
import { AppError, ForbiddenError, NotAuthenticatedError } from '../../shared/errors.js';
import { parseInput } from '../../shared/validation.js';
import type { Viewer } from '../../shared/viewer.js';
import type { AccountsRepo } from './accounts.repo.js';

export type { Viewer };

export interface Account {
  uid: string;
  name: string;
  email: string;
  subscriptionStatus: string | null;
  emailVerified: boolean;
}

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

export class AccountNotFoundError extends AppError {
  constructor() {
    super('ACCOUNT_NOT_FOUND', 'Account not found.');
  }
}

export function createAccountsService(deps: { repo: AccountsRepo; identity: IdentityProvider }) {
  const { repo, identity } = deps;

  return {
    async getAccount(viewer: Viewer | null): Promise<Account> {
      if (!viewer) throw new NotAuthenticatedError();
      const row = await repo.findByUid(viewer.uid);
      if (!row) throw new AccountNotFoundError();
      return {
        uid: row.uid,
        name: row.name,
        email: row.email,
        subscriptionStatus: row.subscription_status,
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

    /** Where to write to a user (jobs mail users who are not signing in): null without an account. */
    async contactOf(uid: string): Promise<{ email: string; name: string } | null> {
      const row = await repo.findByUid(uid);
      return row && !row.deleted_at ? { email: row.email, name: row.name } : null;
    },

    /** The account's subscription status, or null without an account or a subscription. */
    async subscriptionStatusOf(uid: string): Promise<string | null> {
      return (await repo.findByUid(uid))?.subscription_status ?? null;
    },

    async register(input: unknown): Promise<{ uid: string }> {
      const { email: address, name, password } = parseInput(RegisterInput, input);
      const { uid } = await identity.createUser({ email: address, password, displayName: name });
      if (!(await repo.upsert({ uid, email: address, name }))) throw new EmailAlreadyRegisteredError();
      return { uid };
    },

    async registerGoogleUser(viewer: Viewer | null, input: unknown): Promise<Account> {
      if (!viewer) throw new NotAuthenticatedError();
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

export type AccountsService = ReturnType<typeof createAccountsService>;
