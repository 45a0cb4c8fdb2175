import { AppError } from './errors.js';
import type { Viewer } from './viewer.js';

/** What the server needs from the identity provider; features depend on this, not on Firebase. */
export interface IdentityProvider {
  verifyIdToken(token: string): Promise<Viewer>;
  createUser(input: { email: string; password: string; displayName: string }): Promise<{ uid: string }>;
  /** Removes the user from the provider; a user already gone is not an error. */
  deleteUser(uid: string): Promise<void>;
  close(): Promise<void>;
}

export class InvalidTokenError extends AppError {
  constructor() {
    super('TOKEN_INVALID', 'Your sign-in has expired or is invalid. Please sign in again.');
  }
}

export class EmailAlreadyRegisteredError extends AppError {
  constructor() {
    super('EMAIL_ALREADY_REGISTERED', 'An account with this e-mail address already exists.');
  }
}
