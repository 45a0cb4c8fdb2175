import { EmailNotVerifiedError, ForbiddenError, NotAuthenticatedError } from './errors.js';

/**
 * The caller, as proven by a verified identity-provider token, or by an analyst's API key
 * (`apiKeyId` set: the key's owner, for the analytics only, never for a user's own data).
 */
export interface Viewer {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  signInProvider: string | null;
  /** The analyst API key that authenticated this call, when one did. */
  apiKeyId?: string;
}

/** What an analyst API key is refused with wherever a user's own data is at stake. */
export class ApiKeyForbiddenError extends ForbiddenError {
  constructor() {
    super(
      "An analyst API key reads the analytics, the landscapes and patents; a user's own data (account, favourites, searches) needs that user's sign-in.",
    );
  }
}

/**
 * The gate of every operation on a user's data: signed in (401 otherwise) with a confirmed
 * e-mail address (403 EMAIL_NOT_VERIFIED otherwise; the spec signs such users out at once, and a
 * token used directly gets no further).
 */
export function assertVerified(viewer: Viewer | null): asserts viewer is Viewer {
  if (!viewer) throw new NotAuthenticatedError();
  if (viewer.apiKeyId !== undefined) throw new ApiKeyForbiddenError();
  if (!viewer.emailVerified) throw new EmailNotVerifiedError();
}
