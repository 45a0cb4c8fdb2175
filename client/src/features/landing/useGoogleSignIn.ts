import { useState } from 'react';
import {
  GoogleAuthProvider,
  signInWithCredential,
  signInWithPopup,
  type UserCredential,
} from 'firebase/auth';
import { useAccount } from '../../session/AccountProvider';
import { useAppConfig } from '../../session/AppConfigContext';
import { useAuth } from '../../session/AuthProvider';
import type { GoogleTestAccount } from './EmulatorGoogleDialog';
import { reportFailure } from '../../session/serviceStatus';

/**
 * "Continue with Google": Google's popup in production; on the Auth emulator (embedded mode), a
 * chooser in the page and the emulator's fake Google credential, since the popup needs the internet.
 */
export function useGoogleSignIn() {
  const { auth } = useAuth();
  const { authEmulatorUrl } = useAppConfig();
  const { completeFirstSignIn } = useAccount();
  const [choosing, setChoosing] = useState(false);

  async function finish(signIn: Promise<UserCredential>) {
    try {
      const { user } = await signIn;
      setChoosing(false);
      await completeFirstSignIn(user);
    } catch (failure) {
      // §4 and §8: identity-provider failures of the Google sign-in get no toast, they are only
      // logged; one that means the service is restarting raises the service notice.
      console.error('Google sign-in failed', failure);
      reportFailure(failure);
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
