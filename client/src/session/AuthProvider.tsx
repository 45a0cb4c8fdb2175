import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { onAuthStateChanged, type Auth, type User } from 'firebase/auth';

export interface AuthState {
  /** The Firebase user, or null when signed out. */
  user: User | null;
  /** True until Firebase has told us whether someone is signed in. */
  loading: boolean;
  /** Set when resolving the sign-in state failed, or an e-mail sign-in link was refused. */
  error: Error | null;
  /** True when a user exists or an e-mail-link sign-in succeeded. */
  authed: boolean;
}

interface AuthContextValue extends AuthState {
  auth: Auth;
  /** An e-mail link's outcome: signed in, or the identity provider's refusal (shown as the error). */
  markEmailLinkSignIn: (outcome: { succeeded: true } | { succeeded: false; error?: Error }) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ auth, children }: { auth: Auth; children: ReactNode }) {
  const [user, setUser] = useState<User | null>(auth.currentUser);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<Error | null>(null);
  const [emailLinkAuthed, setEmailLinkAuthed] = useState(false);
  // Kept apart from `error`: Firebase's first answer on the sign-in state must not clear it.
  const [emailLinkError, setEmailLinkError] = useState<Error | null>(null);

  useEffect(
    () =>
      onAuthStateChanged(
        auth,
        (next) => {
          setUser(next);
          setError(null);
          setLoading(false);
          if (next) setEmailLinkError(null);
          else setEmailLinkAuthed(false);
        },
        (failure) => {
          console.error('Resolving the sign-in state failed', failure);
          setError(failure);
          setLoading(false);
        },
      ),
    [auth],
  );

  const markEmailLinkSignIn = useCallback<AuthContextValue['markEmailLinkSignIn']>((outcome) => {
    setEmailLinkAuthed(outcome.succeeded);
    setEmailLinkError(outcome.succeeded ? null : (outcome.error ?? null));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      auth,
      user,
      loading,
      error: error ?? emailLinkError,
      authed: Boolean(user) || emailLinkAuthed,
      markEmailLinkSignIn,
    }),
    [auth, user, loading, error, emailLinkError, emailLinkAuthed, markEmailLinkSignIn],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>.');
  return value;
}
