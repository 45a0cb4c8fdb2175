import { EmailNotVerifiedError, NotAuthenticatedError } from './errors.js';

/** The signed-in user, as proven by a verified identity-provider token. */
export interface Viewer {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  signInProvider: string | null;
}

/**
 * The gate of every operation on a user's data: signed in (401 otherwise) with a confirmed
 * e-mail address (403 EMAIL_NOT_VERIFIED otherwise; the spec signs such users out at once, and a
 * token used directly gets no further).
 */
export function assertVerified(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw new NotAuthenticatedError();
  if (!viewer.emailVerified) throw new EmailNotVerifiedError();
}
