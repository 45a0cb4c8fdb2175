import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';

/**
 * The user-facing message the server attached to a failed call, or undefined when the answer
 * carried none (network failure, unreadable answer). The server words its messages for users.
 */
export function serverMessage(error: unknown): string | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message || undefined;
  if (ServerError.is(error)) {
    try {
      const body: unknown = JSON.parse(error.bodyText);
      if (body && typeof body === 'object' && 'errors' in body && Array.isArray(body.errors)) {
        const first: unknown = body.errors[0];
        if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string')
          return first.message;
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The `extensions.code` of the first GraphQL error (VALIDATION, NOT_FOUND, ...), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}
