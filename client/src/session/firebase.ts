import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { AppConfig } from './config';

/** Initialises Firebase once, before React renders, so StrictMode re-renders never repeat it. */
export function initFirebaseAuth(config: AppConfig): Auth {
  const app = initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  return auth;
}
