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
        // An empty message is no message: the caller's fallback text shows instead.
        if (first && typeof first === 'object' && 'message' in first && typeof first.message === 'string')
          return first.message || undefined;
      }
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Whether the server answered readably (GraphQL errors, or a failing status with a JSON body),
 * with or without a message; false for a network failure or an answer that cannot be read.
 */
export function answeredReadably(error: unknown): boolean {
  if (CombinedGraphQLErrors.is(error)) return true;
  if (!ServerError.is(error)) return false;
  try {
    JSON.parse(error.bodyText);
    return true;
  } catch {
    return false;
  }
}

/** The HTTP status of a failed call: the answer's, or the GraphQL error's `extensions.status`. */
export function errorStatus(error: unknown): number | undefined {
  if (ServerError.is(error)) return error.statusCode;
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const status = error.errors[0]?.extensions?.['status'];
  return typeof status === 'number' ? status : undefined;
}

/** The `extensions.code` of the first GraphQL error (VALIDATION, NOT_FOUND, ...), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}
