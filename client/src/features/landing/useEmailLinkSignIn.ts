import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { isSignInWithEmailLink, signInWithEmailLink } from 'firebase/auth';
import { useAccount } from '../../session/AccountProvider';
import { useAuth } from '../../session/AuthProvider';
import { reportFailure } from '../../session/serviceStatus';

export const EMAIL_FOR_SIGN_IN_KEY = 'emailForSignIn';

/**
 * Completes a sign-in when the page address is a Firebase e-mail sign-in link; does nothing
 * otherwise. The e-mail comes from local storage, or from the visitor when it was opened on
 * another device.
 */
export function useEmailLinkSignIn(): void {
  const { auth, markEmailLinkSignIn } = useAuth();
  const { completeFirstSignIn } = useAccount();
  const navigate = useNavigate();
  // NOTE: StrictMode runs effects twice in development; a link can only be used once.
  const attempted = useRef(false);

  useEffect(() => {
    const href = window.location.href;
    if (attempted.current || !isSignInWithEmailLink(auth, href)) return;
    attempted.current = true;
    const email =
      window.localStorage.getItem(EMAIL_FOR_SIGN_IN_KEY) ??
      window.prompt('Please provide your email for confirmation');
    if (!email) {
      markEmailLinkSignIn({ succeeded: false });
      return;
    }
    signInWithEmailLink(auth, email, href)
      .then(async ({ user }) => {
        window.localStorage.removeItem(EMAIL_FOR_SIGN_IN_KEY);
        markEmailLinkSignIn({ succeeded: true });
        // A link to an address with no account yet creates the identity: give it its account too.
        await completeFirstSignIn(user);
        // The one-time code in the address is spent; drop it so a reload does not retry it.
        void navigate('/', { replace: true });
      })
      .catch((failure: unknown) => {
        console.error('E-mail link sign-in failed', failure);
        reportFailure(failure);
        // A used or expired link: the landing card shows 'Error:' and the provider's own words.
        markEmailLinkSignIn({
          succeeded: false,
          error: failure instanceof Error ? failure : new Error(String(failure)),
        });
      });
  }, [auth, markEmailLinkSignIn, navigate, completeFirstSignIn]);
}
