import { useEffect } from 'react';
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth';
import { useAccount } from './AccountProvider';
import { useAuth } from './AuthProvider';

export interface GoogleTestClaims {
  sub: string;
  email: string;
  name?: string;
}

export interface PatentScoutDevHooks {
  /**
   * Signs in with the Auth emulator's fake Google credential, then runs the same first-sign-in
   * registration as the Google popup does.
   */
  signInWithGoogleClaims: (claims: GoogleTestClaims) => Promise<string>;
}

declare global {
  interface Window {
    patentScoutDev?: PatentScoutDevHooks;
  }
}

/**
 * Embedded mode only. The emulator's Google popup needs apis.google.com, which offline machines
 * cannot reach, so end-to-end tests sign Google users in through this hook instead.
 */
export function EmbeddedDevHooks() {
  const { auth } = useAuth();
  const { completeGoogleSignIn } = useAccount();

  useEffect(() => {
    window.patentScoutDev = {
      signInWithGoogleClaims: async (claims) => {
        const credential = GoogleAuthProvider.credential(JSON.stringify({ email_verified: true, ...claims }));
        const { user } = await signInWithCredential(auth, credential);
        await completeGoogleSignIn(user);
        return user.uid;
      },
    };
    return () => {
      delete window.patentScoutDev;
    };
  }, [auth, completeGoogleSignIn]);

  return null;
}
