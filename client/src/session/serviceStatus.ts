import { useSyncExternalStore } from 'react';
import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { tap } from 'rxjs';
import { SERVICE_UNAVAILABLE_CODE } from '@patentscout/schema';

/**
 * Whether the service said it is restarting (HTTP 503, code SERVICE_UNAVAILABLE) or the identity
 * service could not be reached, until a call succeeds again. The app shows a notice meanwhile
 * instead of failing silently.
 */
let restarting = false;
const listeners = new Set<() => void>();

function setRestarting(value: boolean): void {
  if (restarting === value) return;
  restarting = value;
  listeners.forEach((listener) => listener());
}

/** Firebase's code for an identity service it could not reach (the emulator restarting). */
const IDENTITY_UNREACHABLE = 'auth/network-request-failed';

/** True for a failure that means "a part of the service is restarting", not "you did something wrong". */
export function isServiceRestarting(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode === 503;
  if (CombinedGraphQLErrors.is(error))
    return error.errors.some((entry) => entry.extensions?.['code'] === SERVICE_UNAVAILABLE_CODE);
  return (error as { code?: unknown } | null)?.code === IDENTITY_UNREACHABLE;
}

/** Called with every failure of a call: shows the notice when it means a restart. */
export function reportFailure(error: unknown): void {
  if (isServiceRestarting(error)) setRestarting(true);
}

/** A call went through: the service is back. */
export function reportSuccess(): void {
  setRestarting(false);
}

export function useServiceRestarting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => restarting,
  );
}

/** Watches every GraphQL call: a 503 shows the notice, an answer without that error hides it. */
export const serviceStatusLink = new ApolloLink((operation, forward) =>
  forward(operation).pipe(
    tap({
      next: (result) => {
        const errors = result.errors ?? [];
        if (errors.some((entry) => entry.extensions?.['code'] === SERVICE_UNAVAILABLE_CODE))
          setRestarting(true);
        else reportSuccess();
      },
      error: reportFailure,
    }),
  ),
);
