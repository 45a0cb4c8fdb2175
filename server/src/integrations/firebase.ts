import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { EmailAlreadyRegisteredError, InvalidTokenError, type IdentityProvider } from '../shared/identity.js';
import type { AuthSettings } from './firebase.settings.js';
import { rememberVerifiedTokens } from './verified-tokens.js';
import { ServiceUnavailableError } from '../shared/errors.js';
import { isOutage } from '../shared/outage.js';

export function createFirebaseIdentityProvider(auth: AuthSettings): IdentityProvider {
  if (auth.mode === 'emulator') {
    // NOTE: firebase-admin reads the emulator address from this variable and offers no option
    // for it; setting it here keeps config.ts the only place that decides the value.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `${auth.emulatorHost}:${auth.emulatorPort}`;
  } else if (auth.emulatorHost) {
    // Staging: a real project's settings, but accounts on an emulator run apart.
    process.env.FIREBASE_AUTH_EMULATOR_HOST = auth.emulatorHost;
  }
  // NOTE: outside the emulator, firebase-admin finds its service account through Application
  // Default Credentials (GOOGLE_APPLICATION_CREDENTIALS or the platform's metadata server).
  const app: App = initializeApp({ projectId: auth.projectId }, `patentscout-${crypto.randomUUID()}`);
  const firebaseAuth: Auth = getAuth(app);

  const verifyIdToken = rememberVerifiedTokens(async (token) => {
    try {
      const decoded = await firebaseAuth.verifyIdToken(token);
      return {
        viewer: {
          uid: decoded.uid,
          email: decoded.email ?? null,
          emailVerified: decoded.email_verified === true,
          name: typeof decoded.name === 'string' ? decoded.name : null,
          signInProvider: decoded.firebase?.sign_in_provider ?? null,
        },
        expiresAt: decoded.exp * 1000,
      };
    } catch (error) {
      // An identity service that cannot be reached says nothing about the token: the caller retries.
      if (isOutage(error)) throw new ServiceUnavailableError();
      throw new InvalidTokenError();
    }
  });

  return {
    verifyIdToken,
    async createUser({ email, password, displayName }) {
      try {
        const user = await firebaseAuth.createUser({ email, password, displayName, emailVerified: false });
        return { uid: user.uid };
      } catch (error) {
        if ((error as { code?: string }).code === 'auth/email-already-exists') {
          throw new EmailAlreadyRegisteredError();
        }
        throw error;
      }
    },
    async deleteUser(uid) {
      try {
        await firebaseAuth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    close: () => deleteApp(app),
  };
}
