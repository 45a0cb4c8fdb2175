import { useState } from 'react';
import {
  GoogleAuthProvider,
  signInWithCredential,
  signInWithPopup,
  type UserCredential,
} from 'firebase/auth';
import { useAccount } from '../../app/AccountProvider';
import { useAppConfig } from '../../app/AppConfigContext';
import { useAuth } from '../../app/AuthProvider';
import { useToast } from '../../ui/Toasts';
import type { GoogleTestAccount } from './EmulatorGoogleDialog';
import { reportFailure } from '../../app/serviceStatus';

/** The visitor closing the popup is a choice, not a failure worth a toast. */
const DISMISSED = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

/**
 * "Continue with Google": Google's popup in production; on the Auth emulator (embedded mode), a
 * chooser in the page and the emulator's fake Google credential, since the popup needs the internet.
 */
export function useGoogleSignIn() {
  const { auth } = useAuth();
  const { authEmulatorUrl } = useAppConfig();
  const { completeFirstSignIn } = useAccount();
  const toast = useToast();
  const [choosing, setChoosing] = useState(false);

  async function finish(signIn: Promise<UserCredential>) {
    try {
      const { user } = await signIn;
      setChoosing(false);
      await completeFirstSignIn(user);
    } catch (failure) {
      console.error('Google sign-in failed', failure);
      reportFailure(failure);
      const code = (failure as { code?: unknown }).code;
      if (typeof code === 'string' && DISMISSED.has(code)) return;
      toast({
        title: 'Error.',
        description: "Couldn't sign in with Google. Please try again, or sign in with your e-mail.",
        variant: 'danger',
      });
    }
  }

  const start = () => {
    if (authEmulatorUrl) setChoosing(true);
    else void finish(signInWithPopup(auth, new GoogleAuthProvider()));
  };

  const chooseTestAccount = ({ email, name }: GoogleTestAccount) => {
    const claims = {
      sub: `emulated-google-${email.toLowerCase()}`,
      email,
      email_verified: true,
      name: name || undefined,
    };
    return finish(signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(claims))));
  };

  return { start, choosing, cancelChoosing: () => setChoosing(false), chooseTestAccount };
}
