import { z } from 'zod';
import { ConfigError, defineSettings, optionalText, port, type SettingsOf } from '../shared/settings.js';

/** Sign-in: a Firebase project, or the Auth emulator the embedded mode starts. */
export const firebaseSettings = defineSettings({
  env: {
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-patentscout'),
    FIREBASE_API_KEY: optionalText,
    FIREBASE_AUTH_DOMAIN: optionalText,
    FIREBASE_AUTH_EMULATOR_PORT: port.optional(),
    FIREBASE_AUTH_EMULATOR_HOST: optionalText.refine(
      (value) => value === undefined || /^[A-Za-z0-9.-]+:\d{1,5}$/.test(value),
      'must be host:port, e.g. auth-emulator:9099',
    ),
    FIREBASE_AUTH_EMULATOR_PUBLIC_URL: z.string().url().optional(),
  },
  requiredInProduction: ['FIREBASE_PROJECT_ID', 'FIREBASE_API_KEY', 'FIREBASE_AUTH_DOMAIN'],
  read(vars, { env, localPort }) {
    // A demo- project is the natural staging project for an emulator run apart, never Google's.
    if (
      env === 'production' &&
      vars.FIREBASE_PROJECT_ID.startsWith('demo-') &&
      !vars.FIREBASE_AUTH_EMULATOR_HOST
    ) {
      throw new ConfigError(['FIREBASE_PROJECT_ID: a demo- project cannot be used in production']);
    }
    const { FIREBASE_API_KEY: apiKey, FIREBASE_AUTH_DOMAIN: authDomain } = vars;
    const apart = vars.FIREBASE_AUTH_EMULATOR_HOST;
    return {
      auth:
        !apiKey || !authDomain
          ? {
              mode: 'emulator' as const,
              projectId: vars.FIREBASE_PROJECT_ID,
              emulatorHost: '127.0.0.1',
              // Its hub and logging take the two ports after it (integrations/firebase-emulator.ts).
              emulatorPort: vars.FIREBASE_AUTH_EMULATOR_PORT ?? localPort(9099),
            }
          : {
              mode: 'firebase' as const,
              projectId: vars.FIREBASE_PROJECT_ID,
              apiKey,
              authDomain,
              ...(apart
                ? {
                    /** Staging: a Firebase Auth emulator run apart instead of Google's. */
                    emulatorHost: apart,
                    /** Where browsers reach it (`FIREBASE_AUTH_EMULATOR_PUBLIC_URL`; else http://emulatorHost). */
                    emulatorPublicUrl: new URL(vars.FIREBASE_AUTH_EMULATOR_PUBLIC_URL ?? `http://${apart}`)
                      .origin,
                  }
                : {}),
            },
    };
  },
});

/** Sign-in's settings: a Firebase project, or the embedded mode's emulator. */
export type AuthSettings = SettingsOf<typeof firebaseSettings>['auth'];
