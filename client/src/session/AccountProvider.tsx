import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { User } from 'firebase/auth';
import type { ViewerAccountQuery } from '../__generated__/graphql';
import { RegisterGoogleUserDocument, ViewerAccountDocument } from '../__generated__/graphql';
import { errorStatus } from './apiErrors';
import { useAuth } from './AuthProvider';

export type Account = NonNullable<ViewerAccountQuery['viewerAccount']>;

/**
 * The spec loads the account a second after sign-in, giving a first Google sign-in time to
 * register; only a first sign-in waits (every other account exists already, issue 59).
 */
const FIRST_SIGN_IN_LOAD_DELAY_MS = 1000;
/** A Google sign-in is a new registration when the last login follows the creation this closely. */
const NEW_REGISTRATION_THRESHOLD_MS = 1000;

interface AccountContextValue {
  account: Account | null;
  loading: boolean;
  error: Error | null;
  /** This month's searches, as the server counted them (updated by every search's payload). */
  searchCount: number;
  /** The server's rule: above the free searches of the month, without an active subscription. */
  limited: boolean;
  reload: () => Promise<void>;
  /** Registers a user signing in for the first time (Google or an e-mail link) with the server, then reloads the account. */
  completeFirstSignIn: (user: User) => Promise<void>;
}

const AccountContext = createContext<AccountContextValue | null>(null);

/**
 * The specification's account-load errors (§7, `GET /api/users`): a signed-in identity without an
 * account record (GraphQL's null `viewerAccount`, REST's 404) is "Failed to get account details:
 * 404"; any other failure names its status ('unknown' when no answer came back).
 */
function accountLoadError(failure?: unknown): Error {
  const status = failure === undefined ? 404 : errorStatus(failure);
  const detail = status === 404 ? '404' : `Please try again later. Status: ${status ?? 'unknown'}`;
  return new Error(`Failed to get account details: ${detail}`, { cause: failure });
}

function isFirstSignIn(user: User): boolean {
  // NOTE: Firebase's public UserMetadata only has second-precision strings; the millisecond
  // createdAt / lastLoginAt fields the spec compares exist on the implementation object.
  const metadata = user.metadata as typeof user.metadata & { createdAt?: string; lastLoginAt?: string };
  const created = Number(metadata.createdAt ?? Date.parse(metadata.creationTime ?? ''));
  const lastLogin = Number(metadata.lastLoginAt ?? Date.parse(metadata.lastSignInTime ?? ''));
  if (!Number.isFinite(created) || !Number.isFinite(lastLogin)) return false;
  return lastLogin - created < NEW_REGISTRATION_THRESHOLD_MS;
}

export function AccountProvider({ children }: { children: ReactNode }) {
  const client = useApolloClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const firstSignIn = user ? isFirstSignIn(user) : false;
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const pendingRegistration = useRef<Promise<unknown> | null>(null);
  const currentUid = useRef<string | null>(uid);
  currentUid.current = uid;
  // The account as the Apollo cache holds it: loaded below, then kept current by every mutation
  // whose payload carries it (a search's `account { searchCount limited }`).
  const { data } = useQuery(ViewerAccountDocument, { fetchPolicy: 'cache-only', skip: !uid });
  const account = (uid && data?.viewerAccount?.uid === uid ? data.viewerAccount : null) ?? null;

  const load = useCallback(async () => {
    const forUid = currentUid.current;
    if (!forUid) return;
    setLoading(true);
    let error: Error | null;
    try {
      await pendingRegistration.current?.catch(() => undefined);
      const { data } = await client.query({ query: ViewerAccountDocument, fetchPolicy: 'network-only' });
      error = data?.viewerAccount ? null : accountLoadError();
    } catch (failure) {
      error = accountLoadError(failure);
    }
    if (currentUid.current !== forUid) return;
    // Stored and logged; the page frame decides whether to raise it.
    if (error) console.error('Loading the user account failed', error);
    setError(error);
    setLoading(false);
  }, [client]);

  useEffect(() => {
    setError(null);
    if (!uid) {
      setLoading(false);
      return;
    }
    setLoading(true);
    if (!firstSignIn) {
      void load();
      return;
    }
    const timer = window.setTimeout(() => void load(), FIRST_SIGN_IN_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [uid, firstSignIn, load]);

  const completeFirstSignIn = useCallback(
    async (signedIn: User) => {
      if (!isFirstSignIn(signedIn)) return;
      const registration = client.mutate({
        mutation: RegisterGoogleUserDocument,
        variables: {
          input: {
            email: signedIn.email ?? '',
            displayName: signedIn.displayName,
            createdAt:
              (signedIn.metadata as { createdAt?: string }).createdAt ??
              signedIn.metadata.creationTime ??
              null,
            uid: signedIn.uid,
          },
        },
      });
      pendingRegistration.current = registration;
      try {
        await registration;
      } catch (failure) {
        console.error('Registering the new user failed', failure);
      } finally {
        pendingRegistration.current = null;
      }
      await load();
    },
    [client, load],
  );

  const value = useMemo<AccountContextValue>(
    () => ({
      account,
      loading,
      error,
      searchCount: account?.searchCount ?? 0,
      limited: account?.limited ?? false,
      reload: load,
      completeFirstSignIn,
    }),
    [account, loading, error, load, completeFirstSignIn],
  );
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>.');
  return value;
}
